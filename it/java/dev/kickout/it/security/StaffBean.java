package dev.kickout.it.security;

import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;

/** A CDI bean (not an EJB) with {@code @RolesAllowed}: what each server does with it. */
@ApplicationScoped
public class StaffBean {

    @RolesAllowed("staff")
    public String staffOnly() {
        return "staff only";
    }
}
