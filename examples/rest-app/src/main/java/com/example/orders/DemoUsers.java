package com.example.orders;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.security.enterprise.credential.Credential;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStore;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.Set;

/**
 * DEMO ONLY: the callers Kickout's sign-in ({@code POST /kickout/api/auth/login}) checks, each with their name as
 * password. alice and bob edit orders; admin has the role {@code admin}, which Kickout's admin endpoints (kick a
 * user, force-release a lock) require. Replace it with your own {@code IdentityStore} (database, LDAP).
 */
@ApplicationScoped
public class DemoUsers implements IdentityStore {

    private static final Map<String, Set<String>> ROLES = Map.of(
            "alice", Set.of("clerk"),
            "bob", Set.of("clerk"),
            "admin", Set.of("admin"));

    @Override
    public CredentialValidationResult validate(Credential credential) {
        if (credential instanceof UsernamePasswordCredential login && ROLES.containsKey(login.getCaller())
                && MessageDigest.isEqual(login.getCaller().getBytes(StandardCharsets.UTF_8),
                        login.getPasswordAsString().getBytes(StandardCharsets.UTF_8))) {
            return new CredentialValidationResult(login.getCaller(), ROLES.get(login.getCaller()));
        }
        return CredentialValidationResult.INVALID_RESULT;
    }
}
