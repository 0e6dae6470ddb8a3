package dev.kickout.it.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.net.http.HttpHeaders;

/** One HTTP answer as a test sees it. */
public record Reply(int status, HttpHeaders headers, String body) {

    public JsonObject json() {
        try (JsonReader reader = Json.createReader(new StringReader(body))) {
            return reader.readObject();
        }
    }

    public String header(String name) {
        return headers.firstValue(name).orElse(null);
    }

    public String code() {
        return json().getString("code", null);
    }

    /** Asserts an RFC 9457 problem with this status and code, and returns its body. */
    public JsonObject assertProblem(int expectedStatus, String expectedCode) {
        assertEquals(expectedStatus, status, () -> "status of " + body);
        assertTrue(String.valueOf(header("Content-Type")).startsWith("application/problem+json"),
                () -> "content type " + header("Content-Type") + " of " + body);
        JsonObject problem = json();
        assertEquals(expectedCode, problem.getString("code"), () -> "code of " + body);
        assertEquals(expectedStatus, problem.getInt("status"));
        assertNotNull(problem.getString("type"));
        assertNotNull(problem.getString("title"));
        assertNotNull(problem.getString("detail"));
        if (expectedStatus == 401) {
            assertEquals("Bearer error=\"invalid_token\"", header("WWW-Authenticate"));
        }
        return problem;
    }

    public JsonObject assertOk(int expectedStatus) {
        assertEquals(expectedStatus, status, () -> "status of " + body);
        return body.isEmpty() ? null : json();
    }
}
