package dev.kickout.it.host.bare;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.security.enterprise.credential.Credential;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStore;
import java.util.Set;

/** The bare host's users: an administrator and a clerk. */
@ApplicationScoped
public class BareIdentityStore implements IdentityStore {

    @Override
    public CredentialValidationResult validate(Credential credential) {
        if (credential instanceof UsernamePasswordCredential login && login.compareTo("root", "root-pw")) {
            return new CredentialValidationResult("root", Set.of("admin"));
        }
        if (credential instanceof UsernamePasswordCredential login && login.compareTo("clerk", "clerk-pw")) {
            return new CredentialValidationResult("clerk", Set.of("clerk"));
        }
        return CredentialValidationResult.INVALID_RESULT;
    }
}
