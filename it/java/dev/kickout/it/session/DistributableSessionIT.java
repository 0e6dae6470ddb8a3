package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.kickout.it.http.Reply;
import dev.kickout.it.support.ServerUnderTest;
import dev.kickout.it.support.Wait;
import dev.kickout.it.support.WildFlyProcess;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * HttpSession mode with a distributable WAR on a two-instance WildFly cluster (Infinispan sessions over
 * JGroups on 127.0.0.1, {@code server-config/wildfly/loopback-cluster.cli}): one {@code HttpSession} lives
 * on both instances, and one Kickout session with it; the app's logout on either ends it for both. WildFly
 * only (the Payara Micros of the tests run without a cluster). The instances' ports:
 * {@code kickout.it.proxy.port-offset} + 200 and + 300.
 */
class DistributableSessionIT {

    private static final int PORT_OFFSET = Integer.getInteger("kickout.it.proxy.port-offset", 3500) + 200;

    static WildFlyProcess one;
    static WildFlyProcess two;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(ServerUnderTest.current() == ServerUnderTest.WILDFLY,
                "Cluster tests run on WildFly only: they start two more instances of the provisioned target/server");
        Path war = Path.of("target", "cluster-it", "forms.war").toAbsolutePath();
        Files.createDirectories(war.getParent());
        FormsWar.distributable("forms.war", "kickout.key-prefix=cluster\n").as(ZipExporter.class).exportTo(war.toFile(), true);
        Map<String, String> cluster = Map.of(
                "kickout.cluster.peer-1", String.valueOf(7600 + PORT_OFFSET),
                "kickout.cluster.peer-2", String.valueOf(7600 + PORT_OFFSET + 100));
        one = WildFlyProcess.launch("cluster-1", PORT_OFFSET, cluster, war);
        two = WildFlyProcess.launch("cluster-2", PORT_OFFSET + 100, cluster, war);
        one.awaitDeployed();
        two.awaitDeployed();
    }

    @AfterAll
    static void stop() {
        for (WildFlyProcess instance : new WildFlyProcess[] {one, two}) {
            if (instance != null) {
                instance.close();
            }
        }
    }

    @Test
    void theAppsLogoutOnOneInstanceEndsTheKickoutSessionForBoth() {
        CookieClient bobOnTwo = FormsWar.signIn(url(two), "bob");
        CookieClient bobOnOne = bobOnTwo.at(one.contextRoot());
        String[] me = bobOnTwo.get("pages/me").body().split(" ");
        assertEquals(List.of(me), List.of(bobOnOne.get("pages/me").body().split(" ")), "bob on the first instance");

        assertEquals("signed out", bobOnOne.get("pages/logout").body());
        CookieClient admin = FormsWar.signIn(url(two), "admin");
        Wait.until(Duration.ofSeconds(10), () -> "bob's Kickout session to end with his HttpSession",
                () -> admin.get("kickout/api/admin/sessions?userId=bob", "Accept", "application/json").assertOk(200)
                        .getInt("total") == 0);
        Reply page = bobOnTwo.page("pages/home");
        assertTrue(page.body().contains("j_security_check"), "the container's login page on the other instance: " + page.body());
    }

    private static URL url(WildFlyProcess instance) {
        try {
            return instance.contextRoot().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }
}
