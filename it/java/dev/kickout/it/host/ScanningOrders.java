package dev.kickout.it.host;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/**
 * Test-side: the scanning Application that {@link HostRefusalIT} puts into the example's WAR in place of the
 * example's own, which lists its classes. It adds nothing for Kickout: scanning finds the module's mapper.
 */
@ApplicationPath("api")
public class ScanningOrders extends Application {
}
