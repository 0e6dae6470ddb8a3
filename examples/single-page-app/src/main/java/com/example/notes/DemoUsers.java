package com.example.notes;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.security.enterprise.credential.Credential;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStore;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * DEMO USERS, NOT FOR PRODUCTION: alice and bob (group {@code user}) and admin (group {@code admin}, the role
 * Kickout's admin endpoints ask for), each with its name as password, stored as salted PBKDF2 hashes.
 * Kickout's sign-in ({@code POST /kickout/api/auth/login}) asks the app's Jakarta Security identity stores;
 * replace this one with yours (a database, LDAP, ...).
 */
@ApplicationScoped
public class DemoUsers implements IdentityStore {

    private static final String ALGORITHM = "PBKDF2WithHmacSHA256";
    private static final int ITERATIONS = 600_000;

    /** A user: groups, and {@code salt:hash} in Base64. */
    private record User(Set<String> groups, String hash) {
    }

    private static final Map<String, User> USERS = Map.of(
            "alice", new User(Set.of("user"), "Xhh5KTpDAPnoJUkJA9ecew==:GgG9sVs/7eCDf56h1kc7m2ZDVsfwwEieBATVJ2onHEM="),
            "bob", new User(Set.of("user"), "x+PoGiBaZ5gJeJA6nNVwtw==:weO6/bdBCHB3gY6bwrmswI8PKJUk2QoPnpQfmN3ld+Y="),
            "admin", new User(Set.of("admin"), "FmK02dp+PncramJnFYWI2Q==:dRO/soTKvT2sqc5D100BcABy4A6qjS9fIbaPznAu1C4="));

    /** Checked for unknown names, so that the time a refusal takes does not tell which names exist. */
    private static final User NOBODY = new User(Set.of(), "PeGy8fz8kKVUDDlyLleByg==:knek6cH4SZusLazd3q2vSb8wlFGOaL+GXbVT7LFOyvw=");

    @Override
    public CredentialValidationResult validate(Credential credential) {
        if (!(credential instanceof UsernamePasswordCredential login)) {
            return CredentialValidationResult.NOT_VALIDATED_RESULT;
        }
        User user = USERS.get(login.getCaller());
        boolean matches = matches(login.getPassword().getValue(), user == null ? NOBODY : user);
        return user != null && matches ? new CredentialValidationResult(login.getCaller(), user.groups())
                : CredentialValidationResult.INVALID_RESULT;
    }

    private static boolean matches(char[] password, User user) {
        String[] parts = user.hash().split(":");
        byte[] salt = Base64.getDecoder().decode(parts[0]);
        byte[] expected = Base64.getDecoder().decode(parts[1]);
        try {
            byte[] actual = SecretKeyFactory.getInstance(ALGORITHM)
                    .generateSecret(new PBEKeySpec(password, salt, ITERATIONS, expected.length * 8)).getEncoded();
            return MessageDigest.isEqual(expected, actual);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(ALGORITHM + " is part of every Java 17 runtime", e);
        }
    }
}
