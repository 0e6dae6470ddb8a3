package dev.kickout.it.security;

import jakarta.annotation.security.DenyAll;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;

/** A CDI bean guarded at class level, with a method open to all and one to none. */
@RequestScoped
@RolesAllowed("staff")
public class ClerkDesk {

    public String serve() {
        return "served";
    }

    @PermitAll
    public String openingHours() {
        return "9-5";
    }

    @DenyAll
    public String shred() {
        return "shredded";
    }
}
