package legacy.ledger;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The host's REST application, beside the module's; it scans. */
@ApplicationPath("rest")
public class LedgerApplication extends Application {
}
