package dev.kickout.it.lock;

import dev.kickout.it.http.Deployments;
import dev.kickout.it.lock.bad.MisdeclaredSave;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.ShouldThrowException;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A @RequiresEditLock naming no such parameter fails the deployment. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class EditLockDeclarationIT {

    @Deployment(testable = false)
    @ShouldThrowException
    static WebArchive deployment() {
        return Deployments.referenceWar("misdeclared.war", java.util.Map.of("kickout.key-prefix", "bad"))
                .addClass(MisdeclaredSave.class);
    }

    @Test
    void theDeploymentWasRefused() {
        // @ShouldThrowException makes Arquillian fail this class unless the deployment failed
    }
}
