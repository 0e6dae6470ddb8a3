// docs/guide/java-api.md shows this class.
package dev.kickout.docs;

import dev.kickout.Actor;
import dev.kickout.Kickout;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;

@ApplicationScoped
public class AccountSuspension {
    @Inject Kickout kickout;

    public void suspend(Account account, String hrUser) {
        kickout.kickAndBan(account.loginName(), Duration.ofHours(24), "Under investigation", new Actor(hrUser, null, null));
    }

    public void reinstate(Account account, String hrUser) {
        kickout.lift(account.loginName(), new Actor(hrUser, null, null));
    }
}
