// docs/guide/sessions.md (User ids) shows this mapping.
package dev.kickout.docs;

import dev.kickout.spi.UserIdMapping;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

@ApplicationScoped
public class LdapUserIds implements UserIdMapping {
    private static final Pattern UID = Pattern.compile("(?i)uid=([^,]+),.*");

    @Override
    public String userId(String name, Set<String> roles) {
        Matcher dn = UID.matcher(name);
        return dn.matches() ? dn.group(1) : name;
    }
}
