package legacy.orders;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.security.enterprise.credential.Credential;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStore;
import java.util.Set;

/** The host's users: alice and bob, each with their name as password. */
@ApplicationScoped
public class OrderUsers implements IdentityStore {

    @Override
    public CredentialValidationResult validate(Credential credential) {
        if (credential instanceof UsernamePasswordCredential login
                && Set.of("alice", "bob").contains(login.getCaller()) && login.compareTo(login.getCaller(), login.getCaller())) {
            return new CredentialValidationResult(login.getCaller(), Set.of("clerk"));
        }
        return CredentialValidationResult.INVALID_RESULT;
    }
}
