package dev.kickout.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/reference/configuration.md} is generated from {@link Setting}: one row per key with its
 * default, its description and an example. Run with {@code -Dkickout.docs.write=true} to write the page;
 * otherwise the test fails when the page differs from what it would generate.
 */
class ConfigurationDocTest {

    static final Path PAGE = Path.of("docs/reference/configuration.md");
    private static final String REGENERATE =
            "./mvnw -B -q -o test -Dtest=ConfigurationDocTest -Dkickout.docs.write=true";

    /** Sections by the key's second segment ("" for a key of two segments), in page order; any other goes to "Other". */
    private static final Map<String, String> SECTIONS = sections();

    /** Example values where the default is empty or does not show what a value looks like. */
    static final Map<String, String> EXAMPLES = Map.ofEntries(
            Map.entry("kickout.redis.config", "/etc/kickout/redisson-sentinel.yaml"),
            Map.entry("kickout.redis.wait-replicas", "1"),
            Map.entry("kickout.trusted-proxies", "10.0.0.0/8,::1/128"),
            Map.entry("kickout.filter.include", "/api/*,/pages/*"),
            Map.entry("kickout.filter.exclude", "/api/public/*"),
            Map.entry("kickout.lock.types", "order,document"),
            Map.entry("kickout.audit.datasource", "java:comp/DefaultDataSource"),
            Map.entry("kickout.container-security.role-map", "admin=ops-admins,user=staff"),
            Map.entry("kickout.cookie.sign-in-page", "/signin.html"),
            Map.entry("kickout.http-session.refused-page", "/signed-out.jsp"),
            Map.entry("kickout.http-session.device-type", "header:X-Device-Type"),
            Map.entry("kickout.http-session.roles", "clerk,manager"),
            Map.entry("kickout.login.policy", "SINGLE"),
            Map.entry("kickout.login.when-full", "REJECT"),
            Map.entry("kickout.user-id.case", "LOWER"),
            Map.entry("kickout.cookie.same-site", "Strict"),
            Map.entry("kickout.openapi.root", "rest"));

    @Test
    void thePageIsWhatTheSettingsGenerate() throws IOException {
        String generated = generate();
        if (Boolean.getBoolean("kickout.docs.write")) {
            Files.writeString(PAGE, generated);
        }
        String onDisk = Files.exists(PAGE) ? Files.readString(PAGE) : "";
        assertEquals(generated, onDisk, PAGE + " is generated from Setting.java and differs from it; regenerate it with\n    "
                + REGENERATE + "\nand commit the page");
    }

    @Test
    void everySettingHasAnExample() {
        List<String> missing = new ArrayList<>();
        for (Setting setting : Setting.values()) {
            if (example(setting).isEmpty()) {
                missing.add(setting.key());
            }
        }
        assertEquals(List.of(), missing, "settings with an empty default need an entry in ConfigurationDocTest.EXAMPLES");
    }

    @Test
    void everyKeyHasExactlyOneRow() throws IOException {
        String page = Files.readString(PAGE);
        for (Setting setting : Setting.values()) {
            String row = "| `" + setting.key() + "` |";
            int first = page.indexOf(row);
            assertTrue(first >= 0 && page.indexOf(row, first + 1) < 0, () -> setting.key() + ": not exactly one row in " + PAGE);
        }
    }

    static String generate() {
        Map<String, List<Setting>> bySection = new LinkedHashMap<>();
        SECTIONS.values().forEach(title -> bySection.put(title, new ArrayList<>()));
        bySection.put("Other", new ArrayList<>());
        bySection.put("Tests only (never in production)", new ArrayList<>());
        for (Setting setting : Setting.values()) {
            bySection.get(section(setting)).add(setting);
        }
        StringBuilder page = new StringBuilder("""
                # Configuration

                <!-- Generated from src/main/java/dev/kickout/internal/config/Setting.java by ConfigurationDocTest: do not edit by hand. -->

                Values come from the deployment's MicroProfile Config: system properties, environment variables,
                `META-INF/microprofile-config.properties` and whatever sources the server adds (WildFly: the
                `microprofile-config` layer, in every default configuration; Payara has it built in). A key's
                environment variable is the key in capitals with `.` and `-` as `_` (`kickout.session.ttl` is
                `KICKOUT_SESSION_TTL`). An invalid value fails the deployment with a
                message naming the key. Durations are ISO-8601 (`PT30S`, `PT5M`, `P30D`).

                The reference deployment sets `kickout.login.policy=PER_DEVICE_TYPE` and
                `kickout.audit.datasource=java:comp/DefaultDataSource`
                (`src/main/webapp/WEB-INF/classes/META-INF/microprofile-config.properties`). `server-config/` holds a
                WildFly CLI script for these settings (`server-config/wildfly/kickout.cli`), Redisson YAML files for a
                single server, Sentinel and Cluster ([Redis](../operations/redis.md)), and the audit table
                (`server-config/sql/kickout-audit.sql`).
                """);
        bySection.forEach((title, settings) -> {
            if (settings.isEmpty()) {
                return;
            }
            page.append("\n## ").append(title).append("\n\n| key | default | meaning | example |\n|---|---|---|---|\n");
            for (Setting setting : settings) {
                page.append("| `").append(setting.key()).append("` | ")
                        .append(setting.defaultValue().isEmpty() ? "empty" : "`" + setting.defaultValue() + "`").append(" | ")
                        .append(markdown(setting.description())).append(" | `")
                        .append(setting.key()).append('=').append(example(setting)).append("` |\n");
            }
        });
        return page.toString();
    }

    private static String section(Setting setting) {
        if (setting.description().startsWith("Tests only")) {
            return "Tests only (never in production)";
        }
        String[] parts = setting.key().split("\\.");
        return SECTIONS.getOrDefault(parts.length > 2 ? parts[1] : "", "Other");
    }

    /** The listed example, else a switch turned the other way, else the default. */
    private static String example(Setting setting) {
        return EXAMPLES.getOrDefault(setting.key(), switch (setting.defaultValue()) {
            case "true" -> "false";
            case "false" -> "true";
            default -> setting.defaultValue();
        });
    }

    /** Plain text as a table cell: no HTML tags, no emphasis, no column breaks. */
    private static String markdown(String text) {
        return text.replace("\\", "\\\\").replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")
                .replace("<", "&lt;").replace(">", "&gt;");
    }

    private static Map<String, String> sections() {
        Map<String, String> sections = new LinkedHashMap<>();
        sections.put("", "The module and its place in the host");
        sections.put("redis", "Redis");
        sections.put("store", "Redis");
        sections.put("session", "Sessions");
        sections.put("login", "Logins and the login throttle");
        sections.put("user-id", "Sessions");
        sections.put("filter", "Which paths are guarded");
        sections.put("rest", "Which paths are guarded");
        sections.put("admin", "Which paths are guarded");
        sections.put("cookie", "Cookie mode");
        sections.put("http-session", "HttpSession mode");
        sections.put("container-security", "Container security mode");
        sections.put("lock", "Edit locks");
        sections.put("sse", "Event streams");
        sections.put("audit", "Audit trail");
        sections.put("cleanup", "Background work: sweeper and outbox");
        sections.put("outbox", "Background work: sweeper and outbox");
        sections.put("health", "Health and the API document");
        sections.put("openapi", "Health and the API document");
        return sections;
    }
}
