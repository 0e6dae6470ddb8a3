package dev.kickout.it.support;

import dev.kickout.internal.redis.RedisKeys;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.List;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * Reads a user's record as the module keeps it in Redis (one MessagePack string, see user-lib.lua),
 * decoded to JSON by Redis itself: {@code u} [userId, username] and {@code s} the live sessions by id
 * (dead sessions are fields of the user's hash). Read only, so it also works on a replica.
 */
public final class UserRecords {

    private static final String READ = "#!lua flags=no-writes\n"
            + "local packed = redis.call('GET', KEYS[1])\n"
            + "if not packed then return '' end\n"
            + "return cjson.encode(cmsgpack.unpack(packed))";

    private UserRecords() {
    }

    /** The record of {@code userId} under key prefix {@code prefix}; an empty object if there is none. */
    public static JsonObject read(RedissonClient redis, String prefix, String userId) {
        String json = decoded(redis, prefix + ":{" + RedisKeys.userTag(userId) + "}:u");
        return json.isEmpty() ? Json.createObjectBuilder().build() : Json.createReader(new StringReader(json)).readObject();
    }

    /** The record stored at {@code key} as JSON, or "" if there is none. */
    public static String decoded(RedissonClient redis, String key) {
        return redis.getScript(StringCodec.INSTANCE).eval(RScript.Mode.READ_ONLY, READ, RScript.ReturnType.VALUE,
                List.of(key));
    }

    /** The live session {@code sessionId} of the record (kept under the id without the user's tag), or null. */
    public static JsonObject live(JsonObject record, String sessionId) {
        return member(record, "s", sessionId.substring(RedisKeys.USER_TAG_LENGTH + 1));
    }

    private static JsonObject member(JsonObject record, String part, String sessionId) {
        return record.get(part) instanceof JsonObject members ? members.getJsonObject(sessionId) : null;
    }
}
