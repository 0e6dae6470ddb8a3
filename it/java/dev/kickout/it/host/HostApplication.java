package dev.kickout.it.host;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The minimal host app's own REST application: it scans, as most legacy apps' do. */
@ApplicationPath("app")
public class HostApplication extends Application {
}
