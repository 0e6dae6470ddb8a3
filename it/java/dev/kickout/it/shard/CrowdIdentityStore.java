package dev.kickout.it.shard;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.security.enterprise.credential.Credential;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStore;
import java.util.Set;
import java.util.regex.Pattern;

/** Many users for a test: {@code crowd-<n>}, password = user name, role {@code user}. */
@ApplicationScoped
public class CrowdIdentityStore implements IdentityStore {

    private static final Pattern NAME = Pattern.compile("crowd-[0-9]{1,4}");

    @Override
    public CredentialValidationResult validate(Credential credential) {
        if (credential instanceof UsernamePasswordCredential login && NAME.matcher(login.getCaller()).matches()
                && login.getPasswordAsString().equals(login.getCaller())) {
            return new CredentialValidationResult(login.getCaller(), Set.of("user"));
        }
        return CredentialValidationResult.INVALID_RESULT;
    }
}
