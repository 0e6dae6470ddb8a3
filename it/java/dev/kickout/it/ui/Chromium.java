package dev.kickout.it.ui;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Debian's {@code chromium} driven by its {@code chromedriver}, headless and kept on loopback.
 * <p>
 * As a JUnit condition ({@code @ExtendWith(Chromium.class)}) it runs a test class only when both
 * binaries exist, and fails it instead of skipping when the system property
 * {@value #REQUIRED_PROPERTY} is {@code true} ({@code .ci/run} sets it), so CI never skips the
 * browser tests silently.
 */
public final class Chromium implements ExecutionCondition {

    static final String REQUIRED_PROPERTY = "kickout.ui.required";
    static final File BROWSER = new File("/usr/bin/chromium");
    static final File DRIVER = new File("/usr/bin/chromedriver");

    /** Flags that keep Chromium off the network: nothing but 127.0.0.1 resolves, no background services. */
    private static final List<String> LOOPBACK_ONLY = List.of(
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
            "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-default-apps", "--disable-extensions",
            "--disable-features=AutofillServerCommunication,OptimizationHints,MediaRouter,Translate",
            "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost");

    static boolean installed() {
        return BROWSER.canExecute() && DRIVER.canExecute();
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (installed()) {
            return ConditionEvaluationResult.enabled("Chromium and chromedriver are installed");
        }
        String missing = BROWSER + " and " + DRIVER + " are needed (apt-get install -y chromium chromium-driver)";
        if (Boolean.getBoolean(REQUIRED_PROPERTY)) {
            throw new IllegalStateException("Browser tests are required (-D" + REQUIRED_PROPERTY + "=true): " + missing);
        }
        return ConditionEvaluationResult.disabled("Browser tests skipped: " + missing);
    }

    /** A new browser with a fresh profile, in American English; {@link ChromeDriver#quit()} ends it and its driver. */
    static ChromeDriver start() {
        return start("en-US");
    }

    /**
     * A new browser in {@code language} (a BCP 47 tag such as {@code zh-CN}): its UI language,
     * {@code navigator.languages} and the {@code Accept-Language} it sends.
     */
    static ChromeDriver start(String language) {
        Path home = temporaryDirectory("kickout-chromium-");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(DRIVER)
                .usingAnyFreePort()
                .withEnvironment(Map.of(
                        "XDG_CONFIG_HOME", home.resolve("config").toString(),
                        "XDG_CACHE_HOME", home.resolve("cache").toString(),
                        "SE_OFFLINE", "true"))
                .build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BROWSER);
        options.addArguments(LOOPBACK_ONLY);
        options.addArguments("--user-data-dir=" + home.resolve("profile"), "--window-size=1280,900", "--lang=" + language);
        options.setExperimentalOption("prefs", Map.of("intl.accept_languages", language));
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability(ChromeOptions.LOGGING_PREFS, logs);
        return new ChromeDriver(service, options);
    }

    private static Path temporaryDirectory(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
