package dev.kickout.internal.security;

import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.config.Setting;
import jakarta.annotation.security.DenyAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.AfterBeanDiscovery;
import jakarta.enterprise.inject.spi.BeforeBeanDiscovery;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessAnnotatedType;
import jakarta.enterprise.util.Nonbinding;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Lets {@link KickoutAuthenticationMechanism}, {@link RolesAllowedInterceptor} and {@link DenyAllInterceptor}
 * exist only when
 * {@code kickout.container-security.enabled} is true: Jakarta Security turns itself on for a WAR as
 * soon as it finds any authentication mechanism bean, so a host that did not ask for the mode must
 * not see one at all.
 * Also fails the deployment on a malformed {@code kickout.container-security.role-map}.
 */
public class ContainerSecuritySwitch implements Extension {

    private final List<IllegalStateException> errors = new ArrayList<>();
    private boolean enabled;

    void read(@Observes BeforeBeanDiscovery discovery) {
        ClassLoader loader = ContainerSecuritySwitch.class.getClassLoader();
        String value = KickoutConfig.atBoot(Setting.CONTAINER_SECURITY_ENABLED, loader).toLowerCase(Locale.ROOT);
        if (!value.equals("true") && !value.equals("false")) {
            errors.add(new IllegalStateException("Kickout configuration: " + Setting.CONTAINER_SECURITY_ENABLED.key()
                    + " = '" + value + "' is invalid; expected true or false"));
            return;
        }
        enabled = Boolean.parseBoolean(value);
        if (enabled) {
            // @RolesAllowed binds RolesAllowedInterceptor whatever roles it names
            discovery.configureInterceptorBinding(RolesAllowed.class)
                    .filterMethods(member -> member.getJavaMember().getName().equals("value"))
                    .forEach(member -> member.add(Nonbinding.Literal.INSTANCE));
            discovery.configureInterceptorBinding(DenyAll.class);
            try {
                RoleMap.parse(KickoutConfig.atBoot(Setting.CONTAINER_SECURITY_ROLE_MAP, loader));
            } catch (IllegalArgumentException e) {
                errors.add(new IllegalStateException("Kickout configuration: " + Setting.CONTAINER_SECURITY_ROLE_MAP.key()
                        + " is invalid: " + e.getMessage() + "; expected comma-separated role=group pairs such as admin=ops-admins,user=staff"));
            }
        }
    }

    void vetoUnlessEnabled(@Observes ProcessAnnotatedType<KickoutAuthenticationMechanism> type) {
        if (!enabled) {
            type.veto();
        }
    }

    void vetoInterceptorUnlessEnabled(@Observes ProcessAnnotatedType<RolesAllowedInterceptor> type) {
        if (!enabled) {
            type.veto();
        }
    }

    void vetoDenyAllUnlessEnabled(@Observes ProcessAnnotatedType<DenyAllInterceptor> type) {
        if (!enabled) {
            type.veto();
        }
    }

    void report(@Observes AfterBeanDiscovery discovery) {
        errors.forEach(discovery::addDefinitionError);
    }
}
