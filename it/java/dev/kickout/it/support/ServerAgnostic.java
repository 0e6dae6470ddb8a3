package dev.kickout.it.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;

/**
 * A test of what the module keeps in Redis rather than of the server (thousands of logins, denials or lock
 * pairs, races of the same Lua scripts or of the near cache, Redis's replicas and clock, expiry, key prefixes
 * and shards, the outbox's redelivery, a restricted Redis user): what it checks does not depend on the server, so CI runs it on WildFly only. The Payara pass
 * leaves the tag out ({@code kickout.it.payara.excluded-groups} in the POM's payara profile); setting that
 * property to nothing runs these on Payara too (CONTRIBUTING.md, "The test matrix").
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(ServerAgnostic.TAG)
public @interface ServerAgnostic {
    String TAG = "server-agnostic";
}
