package dev.kickout.it.lock.policy;

import dev.kickout.ResourceRef;
import dev.kickout.spi.Caller;
import dev.kickout.spi.LockPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * A second host policy beside the reference app's, for {@code LockAuthorizationIT}: refuses the users
 * named in the file {@code it.lock-policy.refused-file} (one username a line), read at every call, so
 * the test withdraws a permission while a lock is held.
 */
@ApplicationScoped
public class SwitchedLockPolicy implements LockPolicy {

    @Override
    public boolean mayLock(Caller caller, ResourceRef resource) {
        Optional<String> file = ConfigProvider.getConfig().getOptionalValue("it.lock-policy.refused-file", String.class);
        if (file.isEmpty() || !Files.exists(Path.of(file.get()))) {
            return true;
        }
        try {
            return !Files.readAllLines(Path.of(file.get())).contains(caller.username());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
