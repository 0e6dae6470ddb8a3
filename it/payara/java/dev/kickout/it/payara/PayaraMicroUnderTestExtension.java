package dev.kickout.it.payara;

import fish.payara.arquillian.container.payara.managed.PayaraMicroDeployableContainer;
import org.jboss.arquillian.container.spi.client.container.DeployableContainer;
import org.jboss.arquillian.core.spi.LoadableExtension;

/**
 * Puts {@link PayaraMicroUnderTest} in place of the Payara Micro connector's own container (registered in
 * {@code it/payara/resources/META-INF/services}, so only under {@code -Ppayara}).
 */
public class PayaraMicroUnderTestExtension implements LoadableExtension {

    @Override
    public void register(ExtensionBuilder builder) {
        builder.override(DeployableContainer.class, PayaraMicroDeployableContainer.class, PayaraMicroUnderTest.class);
    }
}
