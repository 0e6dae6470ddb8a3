package dev.kickout.internal.session;

import dev.kickout.InvalidRequestException;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.config.UserIdCase;
import dev.kickout.internal.i18n.Text;
import dev.kickout.spi.UserIdMapping;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The user id every key is built from: the host's {@link UserIdMapping} (the name unchanged without one), then
 * {@code kickout.user-id.case}, then the one rule every user id keeps (1-128 characters, no control
 * characters). {@link #signedIn} for a sign-in, {@link #named} for an id a host or an admin names.
 */
@ApplicationScoped
public class UserIds {

    private static final UserIdMapping AS_SIGNED_IN = (name, roles) -> name;

    @Inject
    Instance<UserIdMapping> mappings;
    @Inject
    KickoutConfig config;

    /** Two mappings would key one user two ways: the deployment stops instead. */
    void onStartup(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        if (mappings.isAmbiguous()) {
            throw new IllegalStateException("Several CDI beans implement " + UserIdMapping.class.getName() + " ("
                    + mappings.handlesStream().map(h -> h.getBean().getBeanClass().getName()).collect(Collectors.joining(", "))
                    + "): keep one, it decides the user id of every sign-in");
        }
    }

    /** The user id of a caller who signed in as {@code name}. */
    public String signedIn(String name, Set<String> roles) {
        return signedIn(mapping(), config.userIdCase(), name, roles);
    }

    /**
     * The user id that an id named by a host's code or an admin stands for.
     *
     * @throws InvalidRequestException when the given id, or what it maps to, breaks the user id rule
     */
    public String named(String userId) {
        return named(mapping(), config.userIdCase(), userId);
    }

    static String signedIn(UserIdMapping mapping, UserIdCase fold, String name, Set<String> roles) {
        return mapped(fold, mapping.userId(name, roles));
    }

    static String named(UserIdMapping mapping, UserIdCase fold, String userId) {
        return mapped(fold, mapping.lookup(checked(userId)));
    }

    /** The rule a user id keeps wherever it comes from: 1-128 characters, no control characters. */
    public static String checked(String userId) {
        if (!valid(userId)) {
            throw new InvalidRequestException(Text.of("admin.user-id"));
        }
        return userId;
    }

    private static String mapped(UserIdCase fold, String userId) {
        String folded = userId == null ? null : fold.apply(userId);
        if (!valid(folded)) {
            throw new InvalidRequestException(Text.of("user-id.mapped"));
        }
        return folded;
    }

    private static boolean valid(String userId) {
        return userId != null && !userId.isEmpty() && userId.length() <= 128
                && userId.chars().noneMatch(Character::isISOControl);
    }

    private UserIdMapping mapping() {
        return mappings.isResolvable() ? mappings.get() : AS_SIGNED_IN;
    }
}
