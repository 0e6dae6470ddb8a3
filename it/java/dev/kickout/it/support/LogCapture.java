package dev.kickout.it.support;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * Test-only, added to the deployment by an IT: a {@link Handler} on the {@code dev.kickout} loggers
 * that keeps every record published there, and an endpoint that lists them ({@code GET it/log})
 * or forgets them ({@code DELETE it/log}). Each record comes back as {@code level}, {@code logger},
 * {@code message} (formatted, as a log file would show it), {@code thrownMessages} (the messages of
 * the attached failure and its causes, joined by {@code " | "}) and {@code thrown} (its printed trace).
 * Exclude {@code /api/app/it/log} (the reference app's own Application) from the token filter to read it while Redis refuses.
 */
@Path("it/log")
@Produces(MediaType.APPLICATION_JSON)
@ApplicationScoped
public class LogCapture {

    /** Held strongly: java.util.logging keeps loggers only weakly, and the handler must stay on this one. */
    private static final Logger KICKOUT = Logger.getLogger("dev.kickout");

    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (isLoggable(record)) {
                records.add(record);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    void install(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        handler.setLevel(Level.ALL);
        KICKOUT.addHandler(handler);
    }

    @PreDestroy
    void uninstall() {
        KICKOUT.removeHandler(handler);
    }

    @GET
    public List<Map<String, String>> records() {
        SimpleFormatter formatter = new SimpleFormatter();
        List<Map<String, String>> out = new ArrayList<>();
        for (LogRecord record : records) {
            Map<String, String> item = new LinkedHashMap<>();
            item.put("level", record.getLevel().getName());
            item.put("logger", String.valueOf(record.getLoggerName()));
            item.put("message", formatter.formatMessage(record));
            if (record.getThrown() != null) {
                StringBuilder messages = new StringBuilder();
                for (Throwable cause = record.getThrown(); cause != null; cause = cause.getCause()) {
                    messages.append(messages.isEmpty() ? "" : " | ").append(cause);
                }
                item.put("thrownMessages", messages.toString());
                StringWriter trace = new StringWriter();
                record.getThrown().printStackTrace(new PrintWriter(trace));
                item.put("thrown", trace.toString());
            }
            out.add(item);
        }
        return out;
    }

    @DELETE
    public void forget() {
        records.clear();
    }
}
