package dev.kickout.internal.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.redisson.client.RedisBusyException;
import org.redisson.client.RedisClusterDownException;
import org.redisson.client.RedisException;
import org.redisson.client.RedisLoadingException;
import org.redisson.client.RedisMasterDownException;
import org.redisson.client.RedisNoScriptException;
import org.redisson.client.RedisOutOfMemoryException;
import org.redisson.client.RedisReadonlyException;
import org.redisson.client.RedisTimeoutException;
import org.redisson.client.RedisTryAgainException;

/**
 * The mapping from Redis's replies to refusal states, including those no IT puts a real Redis in
 * (CLUSTERDOWN, TRYAGAIN, NOREPLICAS, a MOVED loop); RedisRefusalIT covers READONLY, MASTERDOWN,
 * BUSY, OOM, LOADING and NOSCRIPT against a real one.
 */
class RedisRefusalTest {

    /** Redisson's message: the reply, then the channel (with addresses) and the command. */
    private static String reply(String error) {
        return error + ". channel: [id: 0x1, L:/127.0.0.1:5 - R:127.0.0.1/6379] data: CommandData [...]";
    }

    @Test
    void redissonsTypedExceptionsMapToTheirState() {
        assertEquals(Optional.of(RedisRefusal.READONLY),
                RedisRefusal.of(new RedisReadonlyException(reply("READONLY You can't write against a read only replica."))));
        assertEquals(Optional.of(RedisRefusal.LOADING),
                RedisRefusal.of(new RedisLoadingException(reply("LOADING Redis is loading the dataset in memory"))));
        assertEquals(Optional.of(RedisRefusal.MASTERDOWN),
                RedisRefusal.of(new RedisMasterDownException(reply("MASTERDOWN Link with MASTER is down"))));
        assertEquals(Optional.of(RedisRefusal.BUSY),
                RedisRefusal.of(new RedisBusyException(reply("BUSY Redis is busy running a script."))));
        assertEquals(Optional.of(RedisRefusal.OOM),
                RedisRefusal.of(new RedisOutOfMemoryException(reply("OOM command not allowed when used memory > 'maxmemory'."))));
        assertEquals(Optional.of(RedisRefusal.NOSCRIPT),
                RedisRefusal.of(new RedisNoScriptException(reply("NOSCRIPT No matching script."))));
        assertEquals(Optional.of(RedisRefusal.CLUSTERDOWN),
                RedisRefusal.of(new RedisClusterDownException(reply("CLUSTERDOWN The cluster is down"))));
        assertEquals(Optional.of(RedisRefusal.TRYAGAIN),
                RedisRefusal.of(new RedisTryAgainException(reply("TRYAGAIN Multiple keys request during rehashing of slot"))));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "READONLY You can't write against a read only replica. script: abc, on @user_script:12.|READONLY",
            "LOADING Redis is loading the dataset in memory|LOADING",
            "-MASTERDOWN Link with MASTER is down and replica-serve-stale-data is set to 'no'.|MASTERDOWN",
            "BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSCRIPT.|BUSY",
            "OOM command not allowed when used memory > 'maxmemory'. script: abc|OOM",
            "NOREPLICAS Not enough good replicas to write.|NOREPLICAS",
            "NOPERM this user has no permissions to run the 'psetex' command|NOPERM",
            "MOVED redirection loop detected. Node redis://10.0.0.1:7000 has further redirect to redis://10.0.0.2:7001|MOVED"})
    void untypedRepliesMapByTheirErrorCode(String message, RedisRefusal state) {
        assertEquals(Optional.of(state), RedisRefusal.of(new RedisException(message)));
    }

    @Test
    void aWrappedReplyIsFoundInTheCauseChain() {
        RedisException busy = new RedisBusyException(reply("BUSY Redis is busy running a script."));
        assertEquals(Optional.of(RedisRefusal.BUSY), RedisRefusal.of(new CompletionException(busy)));
        assertEquals(Optional.of(RedisRefusal.BUSY), RedisRefusal.of(new RedisException("batch failed", busy)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "ERR Error running script (call to f_x): @user_script:3: user_script:3: bad argument",
            "WRONGTYPE Operation against a key holding the wrong kind of value",
            "ERR unknown command 'FOO'",
            "readonly in lower case is not Redis's reply"})
    void otherErrorsAreNotRefusals(String message) {
        assertFalse(RedisRefusal.of(new RedisException(message)).isPresent());
    }

    @Test
    void unreachableIsNotARefusalAndRefusalsAreNotUnreachable() {
        RedisTimeoutException timeout = new RedisTimeoutException("Command execution timeout");
        assertFalse(RedisRefusal.of(timeout).isPresent());
        assertTrue(RedisStore.unreachable(timeout));
        for (RedisException refusal : new RedisException[] {
                new RedisLoadingException("LOADING"), new RedisMasterDownException("MASTERDOWN"),
                new RedisClusterDownException("CLUSTERDOWN"), new RedisTryAgainException("TRYAGAIN"),
                new RedisReadonlyException("READONLY"), new RedisBusyException("BUSY")}) {
            assertFalse(RedisStore.unreachable(refusal), refusal::getMessage);
        }
    }
}
