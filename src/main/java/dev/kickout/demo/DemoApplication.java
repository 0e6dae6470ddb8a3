package dev.kickout.demo;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/**
 * The reference app's own REST endpoints, as a host has them: its own Application, which scans (so the
 * ITs' extra resources join it too). Under {@code /api/app}, inside the module's root {@code /api}, so the
 * token filter guards it without another setting. The module's endpoints, scanned into it as well, do not
 * answer here ({@link dev.kickout.internal.rest.ModuleGate}); {@link DemoProviders} gives it the module's JSON and
 * problem+json errors.
 */
@ApplicationPath("api/app")
public class DemoApplication extends Application {
}
