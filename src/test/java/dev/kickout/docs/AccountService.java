// README.md (quick start, step 4) and docs/guide/java-api.md show this class.
package dev.kickout.docs;

import dev.kickout.Actor;
import dev.kickout.KickResult;
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

    public String disableAndReport(Account account, String hrUser) {
        account.disable();
        KickResult result = kickout.tryKickUser(account.loginName(), "Account disabled", new Actor(hrUser, null, null));
        return result.outcome() == KickResult.Outcome.UNKNOWN_USER
                ? "Disabled; no one was signed in as " + result.userId()
                : "Disabled; signed out " + result.kicked().size() + " session(s) of " + result.userId();
    }
}
