package legacy.shop;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.security.enterprise.credential.Credential;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStore;
import java.util.Set;

/** The host's users (Kickout's login asks the app's identity stores). */
@ApplicationScoped
public class ShopUsers implements IdentityStore {

    @Override
    public CredentialValidationResult validate(Credential credential) {
        if (credential instanceof UsernamePasswordCredential login && login.compareTo("clerk", "clerk-pw")) {
            return new CredentialValidationResult("clerk", Set.of("clerk"));
        }
        return CredentialValidationResult.INVALID_RESULT;
    }
}
