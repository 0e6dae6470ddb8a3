package dev.kickout.it.ui;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.stream.Collectors;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/** One person's browser on the reference app: sign in, open pages, wait, screenshots. */
final class Browser implements AutoCloseable {

    /** Generous wait for page loads and set-up steps; the timed assertions use their own, short waits. */
    private static final Duration SETUP = Duration.ofSeconds(15);

    private final String name;
    private final URL base;
    final ChromeDriver driver;

    Browser(String name, URL base) {
        this(name, base, "en-US");
    }

    /** A browser whose pages and requests ask for {@code language} (e.g. {@code zh-CN}). */
    Browser(String name, URL base, String language) {
        this.name = name;
        this.base = base;
        this.driver = Chromium.start(language);
    }

    void open(String page) {
        driver.get(base + page);
    }

    /** Signs in through the sign-in page and waits for the page it leads to. */
    void signIn(String user, String deviceType) {
        submitSignIn(user, deviceType);
        await(d -> !d.getCurrentUrl().contains("index.html"));
    }

    /** Fills in and submits the sign-in form; returns at once. */
    void submitSignIn(String user, String deviceType) {
        open("index.html");
        find("#username").sendKeys(user);
        find("#password").sendKeys(user);
        new Select(find("#deviceType")).selectByValue(deviceType);
        find("#signin-button").click();
    }

    /** Waits until the page's event stream is open, so a server event from now on reaches it. */
    void awaitLiveEvents() {
        await(d -> !d.findElements(By.cssSelector("header.bar .conn.open")).isEmpty());
    }

    WebElement find(String css) {
        return driver.findElement(By.cssSelector(css));
    }

    <T> T await(ExpectedCondition<T> condition) {
        return await(SETUP, condition);
    }

    <T> T await(Duration timeout, ExpectedCondition<T> condition) {
        // a condition may read an element the page is replacing (a Faces postback re-renders the form): ask again
        return new WebDriverWait(driver, timeout, Duration.ofMillis(20)).ignoring(StaleElementReferenceException.class)
                .until(condition);
    }

    /** Saves a PNG of the whole page (the window grows to fit it) as {@code target/ui-screenshots/<shot>.png}. */
    Path screenshot(String shot) {
        Dimension window = driver.manage().window().getSize();
        Number height = (Number) driver.executeScript("return document.documentElement.scrollHeight");
        driver.manage().window().setSize(new Dimension(window.getWidth(),
                Math.min(4000, Math.max(window.getHeight(), height.intValue() + 140))));
        try {
            Path target = directory().resolve(shot + ".png");
            Files.copy(driver.getScreenshotAs(OutputType.FILE).toPath(), target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            driver.manage().window().setSize(window);
        }
    }

    /** Quits, keeping the page's console output in {@code target/ui-screenshots/<name>-console.log}. */
    @Override
    public void close() {
        try {
            String console = driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                    .map(entry -> entry.getLevel() + " " + entry.getMessage()).collect(Collectors.joining("\n"));
            Files.writeString(directory().resolve(name + "-console.log"), console);
        } catch (IOException | RuntimeException e) {
            System.err.println("No console log of " + name + ": " + e);
        } finally {
            driver.quit();
        }
    }

    private static Path directory() throws IOException {
        return Files.createDirectories(Path.of(System.getProperty("kickout.ui.screenshots", "target/ui-screenshots")));
    }
}
