package dev.kickout.docs;

/** A user account of the host's, which {@link AccountService} disables. */
public class Account {
    private final String loginName;
    private boolean disabled;

    public Account(String loginName) {
        this.loginName = loginName;
    }

    /** The name the user signs in with: the container's principal name, and so Kickout's user id. */
    public String loginName() {
        return loginName;
    }

    public void disable() {
        disabled = true;
    }

    public boolean disabled() {
        return disabled;
    }
}
