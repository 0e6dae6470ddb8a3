// README.md (quick start, step 4) and docs/guide/java-api.md show this class.
package dev.kickout.docs;

import dev.kickout.Actor;
import dev.kickout.Kickout;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

@ApplicationScoped
public class AccountService {
    @Inject Kickout kickout;

    public void disable(Account account, String hrUser) {
        account.disable();
        kickout.kickUser(account.loginName(), "Account disabled", new Actor(hrUser, null, null));
    }
}
