package dev.kickout.it.support;

import org.jboss.arquillian.container.spi.client.container.DeployableContainer;
import org.jboss.arquillian.core.spi.LoadableExtension;

/**
 * Under {@code -Ppayara} ({@link ServerUnderTest#PAYARA}): registers {@code dev.kickout.it.payara.SharedMicroContainer}
 * (it/payara/java), the Arquillian container of the Payara run. A no-op otherwise, also when classes of an earlier
 * {@code -Ppayara} build are still in target/test-classes (WildFly's adapter is then the one container), and under
 * {@code -Ppayara-server} ({@value #MICRO} false), whose container is Payara's own. Looked up by name, because this
 * class is compiled without it/payara/java.
 */
public final class PayaraMicroAdapter implements LoadableExtension {

    private static final String CONTAINER = "dev.kickout.it.payara.SharedMicroContainer";
    private static final String MICRO = "kickout.it.payara.micro";

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void register(ExtensionBuilder builder) {
        if (ServerUnderTest.current() != ServerUnderTest.PAYARA || !Boolean.parseBoolean(System.getProperty(MICRO, "true"))) {
            return;
        }
        Class container;
        try {
            container = Class.forName(CONTAINER, false, PayaraMicroAdapter.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(CONTAINER + " missing: the payara profile compiles it/payara/java", e);
        }
        builder.service(DeployableContainer.class, container);
    }
}
