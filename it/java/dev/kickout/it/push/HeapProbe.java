package dev.kickout.it.push;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.Map;

/** Test-only endpoint added to a test's WAR: the server's heap in use after a full collection, and its maximum, for figures. */
@Path("it/heap")
public class HeapProbe {

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, Long> heap() {
        System.gc();
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        return Map.of("used", heap.getUsed(), "max", heap.getMax());
    }
}
