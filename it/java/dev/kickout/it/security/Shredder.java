package dev.kickout.it.security;

import jakarta.annotation.security.DenyAll;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;

/** A CDI bean closed at class level by {@code @DenyAll} alone, with methods that open themselves. */
@ApplicationScoped
@DenyAll
public class Shredder {

    public String shred() {
        return "shredded";
    }

    @RolesAllowed("staff")
    public String feed() {
        return "fed";
    }

    @PermitAll
    public String look() {
        return "looked";
    }
}
