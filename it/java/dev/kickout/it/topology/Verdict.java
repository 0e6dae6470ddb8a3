package dev.kickout.it.topology;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.topology.FenceLoad.Fence;
import dev.kickout.it.topology.Placement.Resource;
import dev.kickout.it.support.Wait;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.redisson.client.codec.StringCodec;

/** What a drill's answers prove once the load has stopped: resurrected tokens, repeated fences. */
final class Verdict {

    private static final Duration STORE_BACK = Duration.ofSeconds(30);

    private Verdict() {
    }

    /**
     * Tokens among {@code kicked} that an instance does not refuse (401); each is asked on every
     * instance, a 503 again until {@link #STORE_BACK} (then it counts: nothing proves it refused).
     */
    static int resurrected(Collection<String> kicked, Api... instances) throws InterruptedException {
        int accepted = 0;
        for (String token : kicked) {
            for (Api instance : instances) {
                if (status(instance, token).status() != 401) {
                    accepted++;
                    break;
                }
            }
        }
        return accepted;
    }

    /** The resource's fence counter as Redis has it now (its master), 0 if there is none. */
    static long counter(String prefix, Resource resource) {
        String value = TestRedis.client().<String>getBucket(resource.fenceKey(prefix), StringCodec.INSTANCE).get();
        return value == null ? 0 : Long.parseLong(value);
    }

    /**
     * Fences that are not above every earlier one of their resource: a 201 (new holding) must be
     * above the highest fence seen so far, a 200 (renewal of the same holding) at least equal to it.
     */
    static int repeats(List<Fence> inAnswerOrder) {
        long highest = Long.MIN_VALUE;
        Set<Long> handedOut = new HashSet<>();
        int repeats = 0;
        for (Fence fence : inAnswerOrder) {
            boolean fresh = fence.status() == 201;
            if (fresh ? fence.fence() <= highest || !handedOut.add(fence.fence()) : fence.fence() < highest) {
                repeats++;
            }
            highest = Math.max(highest, fence.fence());
        }
        return repeats;
    }

    /** The token's status on {@code instance}, asked again while it answers 503, for up to {@link #STORE_BACK}. */
    static Reply status(Api instance, String token) {
        Reply[] reply = {null};
        Wait.atMost(STORE_BACK, () -> (reply[0] = instance.get("auth/status", token)).status() != 503);
        return reply[0];
    }
}
