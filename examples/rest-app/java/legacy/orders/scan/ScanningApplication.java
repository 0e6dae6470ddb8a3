package legacy.orders.scan;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The host's REST application that scans: no line for Kickout. */
@ApplicationPath("api")
public class ScanningApplication extends Application {
}
