// docs/guide/java-api.md (the facade's KickResult) shows this class.
package dev.kickout.docs;

import dev.kickout.Actor;
import dev.kickout.KickResult;
import dev.kickout.Kickout;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

@ApplicationScoped
public class AccountDesk {
    @Inject Kickout kickout;

    public String disable(Account account, String hrUser) {
        account.disable();
        KickResult result = kickout.tryKickUser(account.loginName(), "Account disabled", new Actor(hrUser, null, null));
        return result.outcome() == KickResult.Outcome.UNKNOWN_USER
                ? "Disabled; no one was signed in as " + result.userId()
                : "Disabled; signed out " + result.kicked().size() + " session(s) of " + result.userId();
    }
}
