package dev.kickout.it.metrics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One scrape of a Prometheus text endpoint, the {@code kickout_} series only, each keyed as
 * {@code name{k="v",...}} with its labels sorted and the registries' own labels ({@code mp_scope} on
 * Payara, {@code WF_DEPLOYMENT} on WildFly) left out, so that both servers' series compare alike.
 */
record Scrape(String text, Map<String, Double> series) {

    /** Labels the registries add: Payara's scope, WildFly's deployment name (one deployment here). */
    /** The deployment whose series count: MetricsIT's, the reference WAR under its usual name. */
    static final String DEPLOYMENT = "kickout.war";
    private static final java.util.Set<String> SCOPE_LABELS = java.util.Set.of("mp_scope", "WF_DEPLOYMENT");
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final Pattern LINE = Pattern.compile("^(kickout_[a-zA-Z0-9_]*)(?:\\{(.*)\\})?\\s+(\\S+)(?:\\s+\\S+)?$");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    static Scrape of(URI endpoint) {
        try {
            HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(30))
                    .header("Accept", "text/plain").GET().build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new AssertionError("GET " + endpoint + " answered " + response.statusCode() + ": " + response.body());
            }
            return parse(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static Scrape parse(String text) {
        Map<String, Double> series = new TreeMap<>();
        for (String line : text.split("\n")) {
            Matcher m = LINE.matcher(line.trim());
            String key = m.matches() ? key(m.group(1), m.group(2)) : null;
            if (key != null) {
                series.put(key, Double.parseDouble(m.group(3)));
            }
        }
        return new Scrape(text, series);
    }

    /** A series' value, 0 when absent (a counter not yet registered). */
    double value(String name, String... labels) {
        return series.getOrDefault(key(name, labels), 0.0);
    }

    static String key(String name, String... labels) {
        Map<String, String> sorted = new TreeMap<>();
        for (int i = 0; i < labels.length; i += 2) {
            sorted.put(labels[i], labels[i + 1]);
        }
        return name + render(sorted);
    }

    /** The series' key, or null for another deployment's series (WildFly scrapes every deployment at once). */
    private static String key(String name, String labelText) {
        Map<String, String> sorted = new TreeMap<>();
        if (labelText != null) {
            Matcher m = LABEL.matcher(labelText);
            while (m.find()) {
                if (m.group(1).equals("WF_DEPLOYMENT") && !m.group(2).equals(DEPLOYMENT)) {
                    return null;
                }
                if (!SCOPE_LABELS.contains(m.group(1))) {
                    sorted.put(m.group(1), m.group(2));
                }
            }
        }
        return name + render(sorted);
    }

    private static String render(Map<String, String> labels) {
        StringBuilder out = new StringBuilder("{");
        labels.forEach((k, v) -> out.append(out.length() > 1 ? "," : "").append(k).append("=\"").append(v).append('"'));
        return out.append('}').toString();
    }
}
