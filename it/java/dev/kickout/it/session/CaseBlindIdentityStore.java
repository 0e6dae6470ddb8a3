package dev.kickout.it.session;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.security.enterprise.credential.Credential;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStore;
import java.util.Locale;
import java.util.Set;

/**
 * A directory that ignores the case of names, as many LDAP realms do: the reference app's users alice, bob
 * and carol sign in under any spelling of their name (password: the name in lower case), and the caller is
 * named as typed.
 */
@ApplicationScoped
public class CaseBlindIdentityStore implements IdentityStore {

    private static final Set<String> USERS = Set.of("alice", "bob", "carol");

    @Override
    public CredentialValidationResult validate(Credential credential) {
        if (credential instanceof UsernamePasswordCredential login) {
            String folded = login.getCaller().toLowerCase(Locale.ROOT);
            if (USERS.contains(folded) && login.getPasswordAsString().equals(folded)) {
                return new CredentialValidationResult(login.getCaller(), Set.of("user"));
            }
        }
        return CredentialValidationResult.INVALID_RESULT;
    }
}
