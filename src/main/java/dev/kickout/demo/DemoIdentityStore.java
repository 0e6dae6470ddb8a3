package dev.kickout.demo;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.security.enterprise.credential.Credential;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStore;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * DEMO ONLY: the reference app's users. alice, bob and carol have role {@code user}, admin has
 * role {@code admin}; each password is {@code demo.password.<name>} from configuration and
 * defaults to the user name. A real app brings its own identity store (LDAP, database, ...).
 */
@ApplicationScoped
public class DemoIdentityStore implements IdentityStore {

    private static final Map<String, Set<String>> USERS = Map.of(
            "alice", Set.of("user"),
            "bob", Set.of("user"),
            "carol", Set.of("user"),
            "admin", Set.of("admin"));

    @Override
    public CredentialValidationResult validate(Credential credential) {
        if (!(credential instanceof UsernamePasswordCredential login) || !USERS.containsKey(login.getCaller())) {
            return CredentialValidationResult.INVALID_RESULT;
        }
        String name = login.getCaller();
        String expected = ConfigProvider.getConfig().getOptionalValue("demo.password." + name, String.class).orElse(name);
        boolean matches = MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                login.getPasswordAsString().getBytes(StandardCharsets.UTF_8));
        return matches ? new CredentialValidationResult(name, USERS.get(name)) : CredentialValidationResult.INVALID_RESULT;
    }
}
