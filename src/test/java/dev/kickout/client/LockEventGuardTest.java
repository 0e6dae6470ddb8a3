package dev.kickout.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The browser client's stale-event guard, run by Node without a browser: an {@code EDIT_LOCK_RELEASED} replayed
 * for an older holding (smaller fence) leaves a newer holding alone even when its time is later than the
 * holding's start (an event stamped at its late delivery), and one for the current holding ends it.
 * Skipped where no {@code node} is installed.
 */
class LockEventGuardTest {

    private static final Path CLIENT = Path.of("src/main/resources/META-INF/resources/kickout/kickout-client.js");

    @TempDir
    Path dir;

    @Test
    void aReplayedReleaseOfAnOlderFenceDoesNotEndANewerHolding() throws Exception {
        String out = node("""
                const { EditLock, olderThanHolding } = await import('./kickout-client.mjs');
                const handlers = {};
                const client = {
                    texts: {},
                    on: (type, handler) => { handlers[type] = handler; return () => {}; },
                    call: async () => ({ type: 'doc', id: '1', fence: 8, acquiredAt: '2026-01-01T10:00:00.000Z',
                        lockToken: 't8', heartbeatSeconds: 30 }),
                };
                const lost = [];
                const lock = new EditLock(client, 'doc', '1', { onLost: info => lost.push(info.cause) });
                await lock.acquire();
                handlers.EDIT_LOCK_RELEASED({ type: 'doc', id: '1', fence: 7, reason: 'old', by: 'admin',
                    at: '2026-01-01T10:00:05.000Z' });
                console.log('after-older:' + lock.held + ':' + lost.length);
                handlers.EDIT_LOCK_RELEASED({ type: 'doc', id: '1', fence: 8, reason: 'now', by: 'admin',
                    at: '2026-01-01T09:59:59.000Z' });
                console.log('after-current:' + lock.held + ':' + lost.join(','));
                lock.close();
                console.log('pure:' + [
                    olderThanHolding({ fence: 7, at: '2026-01-02T00:00:00Z' }, 8, '2026-01-01T00:00:00Z'),
                    olderThanHolding({ fence: '9' }, '8', null),
                    olderThanHolding({ at: '2025-12-31T00:00:00Z' }, null, '2026-01-01T00:00:00Z'),
                ].join(','));
                """);
        assertEquals("""
                after-older:true:0
                after-current:false:FORCE_RELEASED
                pure:true,false,true
                """, out);
    }

    private String node(String script) throws IOException, InterruptedException {
        assumeTrue(new File("/usr/bin/node").canExecute() || new File("/usr/local/bin/node").canExecute(),
                "no node on this machine");
        Files.copy(CLIENT, dir.resolve("kickout-client.mjs"));
        Path test = dir.resolve("test.mjs");
        Files.writeString(test, script);
        Process node = new ProcessBuilder("node", test.toString()).directory(dir.toFile())
                .redirectErrorStream(true).start();
        String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(true, node.waitFor(30, TimeUnit.SECONDS), "node did not finish");
        assertEquals(0, node.exitValue(), out);
        return out;
    }
}
