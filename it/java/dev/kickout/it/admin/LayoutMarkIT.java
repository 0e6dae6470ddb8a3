package dev.kickout.it.admin;

import dev.kickout.it.http.Deployments;
import dev.kickout.it.support.ServerAgnostic;
import dev.kickout.it.support.TestRedis;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.container.test.api.ShouldThrowException;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.client.codec.StringCodec;

/**
 * A key prefix whose stored layout is of another version (its {@code P:layout} mark) fails the deployment
 * instead of being read wrong. That the mark is written is {@code PrefixIsolationIT}'s to check.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@ServerAgnostic
class LayoutMarkIT {

    static final String PREFIX = "layout-next";

    @Deployment(testable = false)
    @ShouldThrowException
    static WebArchive deployment() {
        TestRedis.start();
        TestRedis.client().getBucket(PREFIX + ":layout", StringCodec.INSTANCE).set("2");
        return Deployments.referenceWar("layout-next.war", Map.of("kickout.key-prefix", PREFIX));
    }

    @Test
    void aDeploymentOnAnotherLayoutIsRefused() {
        // @ShouldThrowException makes Arquillian fail this class unless the deployment failed
    }
}
