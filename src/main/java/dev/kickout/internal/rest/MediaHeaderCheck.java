package dev.kickout.internal.rest;

import dev.kickout.InvalidRequestException;
import dev.kickout.internal.i18n.Text;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.List;

/**
 * An {@code Accept} header whose quality is not a number from 0 to 1 is a 400 problem, checked
 * before resource matching: RESTEasy 6.2 (WildFly 39) parses {@code Accept} while matching and threw
 * a bare {@code LoggableFailure} for {@code q=x}, which no mapper can tell from a bug: a 500. (Other
 * malformed {@code Accept} and {@code Content-Type} values RESTEasy refuses itself, with the
 * container's 400 page, before any filter runs.)
 */
@PreMatching
public class MediaHeaderCheck implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) {
        for (String header : request.getHeaders().getOrDefault(HttpHeaders.ACCEPT, List.of())) {
            for (String range : header.split(",")) {
                if (!qualityWellFormed(range.trim())) {
                    throw new InvalidRequestException(Text.of("request.accept-quality"));
                }
            }
        }
    }

    /** Whether the range's quality, if it has one, is a number from 0 to 1; the rest is the framework's to judge. */
    static boolean qualityWellFormed(String range) {
        String[] parts = range.split(";");
        for (int i = 1; i < parts.length; i++) {
            String[] parameter = parts[i].split("=", 2);
            if (parameter[0].trim().equalsIgnoreCase("q")) {
                try {
                    float quality = Float.parseFloat(parameter.length < 2 ? "" : parameter[1].trim());
                    if (!(quality >= 0 && quality <= 1)) {
                        return false;
                    }
                } catch (NumberFormatException e) {
                    return false;
                }
            }
        }
        return true;
    }
}
