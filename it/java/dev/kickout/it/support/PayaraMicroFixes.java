package dev.kickout.it.support;

import org.jboss.arquillian.container.spi.client.container.DeployableContainer;
import org.jboss.arquillian.core.spi.LoadableExtension;

/**
 * Under {@code -Ppayara}: puts {@code dev.kickout.it.payara.PayaraMicroUnderTest} (it/payara/java) in place of
 * the Payara Micro connector's own container. A no-op when that connector is not on the classpath (WildFly,
 * the default), also when classes of an earlier {@code -Ppayara} build are still in target/test-classes.
 * Everything is looked up by name, because this class is compiled without the Payara connector.
 */
public final class PayaraMicroFixes implements LoadableExtension {

    private static final String CONNECTOR =
            "fish.payara.arquillian.container.payara.managed.PayaraMicroDeployableContainer";
    private static final String FIXED = "dev.kickout.it.payara.PayaraMicroUnderTest";

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void register(ExtensionBuilder builder) {
        ClassLoader loader = PayaraMicroFixes.class.getClassLoader();
        Class connector;
        Class fixed;
        try {
            connector = Class.forName(CONNECTOR, false, loader);
        } catch (ClassNotFoundException notPayara) {
            return;
        }
        try {
            fixed = Class.forName(FIXED, false, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(FIXED + " missing: the payara profile compiles it/payara/java", e);
        }
        builder.override(DeployableContainer.class, connector, fixed);
    }
}
