package dev.kickout.it.security;

import jakarta.annotation.security.DenyAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * A CDI bean (not an EJB) with {@code @RolesAllowed}, which the module enforces in container security mode,
 * and a method that carries {@code @DenyAll} alone.
 */
@ApplicationScoped
public class StaffBean {

    @RolesAllowed("staff")
    public String staffOnly() {
        return "staff only";
    }

    @DenyAll
    public String burn() {
        return "burnt";
    }
}
