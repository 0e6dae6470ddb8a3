package dev.kickout.internal.ban;

import dev.kickout.BanView;
import dev.kickout.InvalidRequestException;
import dev.kickout.internal.Json;
import dev.kickout.internal.i18n.Text;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.redis.RedisStore.ScriptCall;
import dev.kickout.internal.redis.Script;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.redisson.api.RScript;

/** Bans in Redis: the user's ban key (what logins read) and the listing's sharded copy. */
@ApplicationScoped
class BanStore {

    @Inject
    RedisStore redis;
    @Inject
    RedisKeys keys;
    @Inject
    Json json;

    /** What ban.lua is given; it adds the times. */
    public record Draft(String userId, String reason, String by) {
    }

    /** What the listing needs of a stored ban besides its view: the end in ms. */
    public record Stored(long untilMs) {
    }

    /**
     * Writes the ban (durably: it is a decision), then its listing entry.
     *
     * @throws InvalidRequestException the end is past or beyond {@code max} by Redis's clock
     */
    BanView ban(String userId, BanTerm term, String reason, String by, Duration max) {
        String tag = RedisKeys.userTag(userId);
        String kind = term instanceof BanTerm.Length ? "D" : "I";
        long value = term instanceof BanTerm.Length length ? length.length().toMillis()
                : ((BanTerm.Until) term).end().toEpochMilli();
        List<Object> reply = redis.runDurably(Script.BAN, List.of(keys.userBan(tag)), kind, value, max.toMillis(),
                json.write(new Draft(userId, reason, by)));
        switch ((String) reply.get(0)) {
            case "PAST" -> throw new InvalidRequestException(Text.of("ban.past"));
            case "TOO_LONG" -> throw new InvalidRequestException(Text.of("ban.too-long", max.toString()));
            default -> {
                String stored = (String) reply.get(1);
                redis.run(Script.BAN_INDEX, keys.bansIndex(RedisKeys.indexShardOfUser(tag)), tag,
                        json.<Stored>read(stored, Stored.class).untilMs(), stored);
                return json.read(stored, BanView.class);
            }
        }
    }

    /** Removes the user's ban, then its listing entry; the ban as it was, empty when there was none. */
    Optional<BanView> lift(String userId) {
        String tag = RedisKeys.userTag(userId);
        List<Object> reply = redis.runDurably(Script.BAN_LIFT, List.of(keys.userBan(tag)));
        redis.run(Script.BAN_INDEX, keys.bansIndex(RedisKeys.indexShardOfUser(tag)), tag, 0, "");
        return reply.isEmpty() ? Optional.empty() : Optional.of(json.read((String) reply.get(0), BanView.class));
    }

    /** The bans in force, soonest end first: the first {@code count} of them and how many there are. */
    Listed first(int count) {
        List<ScriptCall> calls = IntStream.range(0, RedisKeys.INDEX_SHARDS)
                .mapToObj(shard -> new ScriptCall(keys.bansIndex(shard), count)).toList();
        long total = 0;
        List<BanView> bans = new ArrayList<>();
        for (Object reply : redis.runEach(Script.BAN_LIST, RScript.ReturnType.LIST, calls)) {
            List<?> shard = (List<?>) reply;
            total += (Long) shard.get(0);
            shard.subList(1, shard.size()).stream().map(String.class::cast).filter(ban -> !ban.isEmpty())
                    .map(ban -> json.<BanView>read(ban, BanView.class)).forEach(bans::add);
        }
        bans.sort(Comparator.comparing(BanView::until).thenComparing(BanView::userId));
        return new Listed(total, bans.subList(0, Math.min(count, bans.size())));
    }

    record Listed(long total, List<BanView> bans) {
    }
}
