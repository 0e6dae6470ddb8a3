package legacy.shop;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The host's REST application, on the path most legacy apps use; it scans. */
@ApplicationPath("api")
public class ShopApplication extends Application {
}
