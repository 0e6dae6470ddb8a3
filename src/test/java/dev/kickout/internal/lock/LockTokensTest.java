package dev.kickout.internal.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kickout.spi.LockTokenSource;
import jakarta.annotation.Priority;
import jakarta.interceptor.InvocationContext;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LockTokensTest {

    @Priority(250)
    static class Cookie implements LockTokenSource {
        @Override
        public Optional<String> find(InvocationContext call) {
            return Optional.empty();
        }
    }

    static class Unranked extends Cookie {
    }

    @Priority(50)
    static class First extends Cookie {
    }

    @Test
    void sourcesAreAskedLowestPriorityFirstAndTheUnrankedLast() {
        List<Class<?>> sources = List.of(Unranked.class, LockTokenRequestParameter.class, Cookie.class,
                LockTokenHeader.class, First.class, LockTokenParameter.class);
        List<Class<?>> asked = sources.stream().sorted(Comparator.comparingInt(LockTokens::priority)).toList();
        assertEquals(List.of(First.class, LockTokenParameter.class, LockTokenHeader.class, Cookie.class,
                LockTokenRequestParameter.class, Unranked.class), asked);
    }
}
