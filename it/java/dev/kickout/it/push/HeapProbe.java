package dev.kickout.it.push;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.lang.management.ManagementFactory;
import java.util.Map;

/** Test-only endpoint added to a test's WAR: the server's heap in use after a full collection, for figures. */
@Path("it/heap")
public class HeapProbe {

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, Long> heap() {
        System.gc();
        return Map.of("used", ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    }
}
