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
 * The browser client's edit-lock room logic, run by Node against a stand-in client that records the calls: the
 * heartbeat reports {@code idleSeconds}, "Still editing?" answered sends {@code idleSeconds=0}, the queue's place
 * follows {@code LOCK_QUEUE}, a reservation is taken at once with {@code autoTake}, an accepted hand-over (also when its
 * release event comes before the answer) and a release for inactivity end the holding once, with their own causes and
 * words. Skipped where no {@code node} is installed.
 */
class LockRoomClientTest {

    private static final Path CLIENT = Path.of("src/main/resources/META-INF/resources/kickout/kickout-client.js");

    /** A stand-in KickoutClient: {@code handlers[type](data)} delivers an event, {@code calls} lists the requests. */
    private static final String CLIENT_STUB = """
            const { EditLock } = await import('./kickout-client.mjs');
            const handlers = {};
            const calls = [];
            let fence = 0;
            const client = {
                texts: { language: 'en' },
                on: (type, handler) => { handlers[type] = handler; return () => {}; },
                emit: () => {},
                call: async (method, path, options = {}) => {
                    calls.push(method + ' ' + path + (options.lockToken ? ' token=' + options.lockToken : '')
                        + (options.body ? ' ' + JSON.stringify(options.body) : ''));
                    if (method === 'POST' && path === 'locks/doc/1') {
                        fence++;
                        return { type: 'doc', id: '1', fence, lockToken: 't' + fence, heartbeatSeconds: 30 };
                    }
                    if (path === 'locks/doc/1/queue') {
                        return method === 'POST' ? { type: 'doc', id: '1', position: 2, size: 2 } : null;
                    }
                    if (path.startsWith('locks/doc/1/handover/')) {
                        // the release event may reach the page before the answer
                        handlers.EDIT_LOCK_RELEASED({ type: 'doc', id: '1', reason: 'HANDED_OVER', by: null, fence });
                        return { accepted: options.body.accept };
                    }
                    return { type: 'doc', id: '1', fence };
                },
            };
            """;

    @TempDir
    Path dir;

    @Test
    void theHeartbeatReportsIdlenessAndStillEditingAnswersWithZero() throws Exception {
        String out = node(CLIENT_STUB + """
                const warned = [];
                const lost = [];
                const lock = new EditLock(client, 'doc', '1', { prompts: false,
                    onExpiring: info => warned.push(info.reason + ':' + info.message), onLost: info => lost.push(info) });
                await lock.acquire();
                handlers.LOCK_EXPIRING({ type: 'doc', id: '1', reason: 'IDLE', expiresAt: '2026-01-01T10:00:00Z' });
                console.log('warned:' + warned.length + ':' + warned[0].startsWith('IDLE:Nothing happened'));
                await warned.length && lock.keepEditing();
                console.log('beat:' + calls.at(-1));
                handlers.EDIT_LOCK_RELEASED({ type: 'doc', id: '1', reason: 'IDLE', by: null, fence: 1 });
                console.log('lost:' + lock.held + ':' + lost[0].cause + ':' + lost[0].reason + ':' + lost[0].message);
                lock.close();
                """);
        assertEquals("""
                warned:1:true
                beat:PUT locks/doc/1/heartbeat?idleSeconds=0 token=t1
                lost:false:IDLE:null:Your edit lock was released because nothing happened on this page for a while.
                """, out);
    }

    @Test
    void theQueueFollowsItsEventsAndAutoTakeAcquiresOnTheReservation() throws Exception {
        String out = node(CLIENT_STUB + """
                const places = [];
                const acquired = [];
                const lock = new EditLock(client, 'doc', '1', { prompts: false, autoTake: true,
                    onQueue: place => places.push(place ? place.position + '/' + place.size : 'out'),
                    onAcquired: view => acquired.push(view.lockToken) });
                await lock.joinQueue();
                handlers.LOCK_QUEUE({ type: 'doc', id: '1', position: 1, size: 1 });
                handlers.LOCK_QUEUE({ type: 'other', id: '1', position: 5, size: 9 });
                handlers.LOCK_RESERVED({ type: 'doc', id: '1', until: new Date(Date.now() + 30000).toISOString() });
                await new Promise(resolve => setTimeout(resolve, 0));
                console.log('places:' + places.join(','));
                console.log('acquired:' + acquired.join(',') + ':' + lock.held + ':' + lock.reservedUntil);
                console.log('calls:' + calls.join(' | '));
                lock.close();
                """);
        assertEquals("""
                places:2/2,1/1,out
                acquired:t1:true:null
                calls:POST locks/doc/1/queue | POST locks/doc/1
                """, out);
    }

    @Test
    void anAcceptedHandOverEndsTheHoldingWithTheRequestersName() throws Exception {
        String out = node(CLIENT_STUB + """
                const requests = [];
                const lost = [];
                const lock = new EditLock(client, 'doc', '1', { prompts: false,
                    onHandoverRequested: request => requests.push(request), onLost: info => lost.push(info) });
                handlers.HANDOVER_REQUESTED({ type: 'doc', id: '1', requestId: 'r0', from: { userId: 'bob', username: 'Bob' } });
                await lock.acquire();
                handlers.HANDOVER_REQUESTED({ type: 'doc', id: '1', requestId: 'r1', message: 'Need to fix a typo',
                    from: { userId: 'bob', username: 'Bob' } });
                console.log('requests:' + requests.map(r => r.requestId + ':' + r.from.username + ':' + r.message).join(','));
                const answer = await requests[0].accept();
                console.log('answer:' + answer.accepted + ':' + calls.at(-1));
                console.log('lost:' + lock.held + ':' + lost.map(info => info.cause + ':' + info.message).join(','));
                lock.close();
                """);
        assertEquals("""
                requests:r1:Bob:Need to fix a typo
                answer:true:POST locks/doc/1/handover/r1 token=t1 {"accept":true}
                lost:false:HANDED_OVER:You handed this record over to Bob.
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
