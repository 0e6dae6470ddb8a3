package dev.kickout;

import dev.kickout.internal.Checks;
import java.util.regex.Pattern;

/**
 * A lockable business record: {@code type} matches {@code [a-z][a-z0-9_-]{0,31}}, {@code id}
 * matches {@code [A-Za-z0-9._-]{1,128}}. Anything else is a 400 before any key is built.
 *
 * @since 1.0
 */
public record ResourceRef(String type, String id) {

    public static final Pattern TYPE = Pattern.compile("[a-z][a-z0-9_-]{0,31}");
    public static final Pattern ID = Pattern.compile("[A-Za-z0-9._-]{1,128}");

    public ResourceRef {
        Checks.matching("type", type, TYPE);
        Checks.matching("id", id, ID);
    }

    /** {@code type/id}, as listed in indexes and audit targets. */
    @Override
    public String toString() {
        return type + "/" + id;
    }

    /** Parses {@link #toString()} back. */
    public static ResourceRef parse(String typeSlashId) {
        int slash = typeSlashId.indexOf('/');
        return new ResourceRef(typeSlashId.substring(0, slash), typeSlashId.substring(slash + 1));
    }
}
