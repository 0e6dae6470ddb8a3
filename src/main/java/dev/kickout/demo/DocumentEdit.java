package dev.kickout.demo;

import dev.kickout.KickoutException;
import dev.kickout.demo.DocumentService.DocumentUpdate;
import dev.kickout.internal.i18n.Languages;
import dev.kickout.internal.i18n.Text;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.application.FacesMessage;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.persistence.OptimisticLockException;
import java.util.Locale;

/**
 * The Faces edit form of one document ({@code pages/document-edit.xhtml}): a legacy-shaped backing
 * bean. The lock token travels in the view (the {@code <kickout:editLock>} component's hidden field),
 * so {@link DocumentService#save} finds it as a request parameter; this bean never sees it. A refused
 * save becomes a Faces message, in the language the browser asks for, and the form keeps what was typed.
 */
@Named
@RequestScoped
public class DocumentEdit {

    private static final Text VERSION_CONFLICT = Text.of("demo.faces.version-conflict");

    @Inject
    DocumentService documents;

    private String id;
    private String title;
    private String body;
    private long version;

    /** The view action when the page opens ({@code ?id=...}). */
    public void load() {
        Document document = documents.find(id);
        title = document.getTitle();
        body = document.getBody();
        version = document.getVersion();
    }

    /**
     * Saves under the edit lock the view carries; stays on the page. A refusal at commit (the lock lost while
     * the save ran) arrives as the refusal itself, since {@link DocumentService#save} is {@code @Transactional}.
     */
    public String save() {
        try {
            Document saved = documents.save(id, new DocumentUpdate(title, body, version));
            version = saved.getVersion();
            say(FacesMessage.SEVERITY_INFO, Text.of("demo.faces.saved", String.valueOf(version)));
        } catch (KickoutException refused) {
            refused(refused);
        } catch (OptimisticLockException stale) {
            say(FacesMessage.SEVERITY_ERROR, VERSION_CONFLICT);
        }
        return null;
    }

    private void refused(KickoutException refusal) {
        Text message = switch (refusal.code()) {
            case "VERSION_CONFLICT" -> VERSION_CONFLICT;
            case "LOCK_LOST" -> Text.of("demo.faces.lock-lost",
                    Text.orElse("lock.reason." + refusal.extras().get("reason"), String.valueOf(refusal.extras().get("reason"))));
            case "LOCK_HELD" -> Text.of("demo.faces.lock-held");
            default -> Text.of("demo.faces.not-saved", refusal.detail(language()));
        };
        say(FacesMessage.SEVERITY_ERROR, message);
    }

    private static void say(FacesMessage.Severity severity, Text text) {
        FacesContext.getCurrentInstance().addMessage(null, new FacesMessage(severity, text.in(language()), null));
    }

    private static Locale language() {
        return Languages.of(FacesContext.getCurrentInstance().getExternalContext().getRequestHeaderMap().get("Accept-Language"));
    }

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    public String getTitle() {
        return title;
    }

    public void setTitle(String title) {
        this.title = title;
    }

    public String getBody() {
        return body;
    }

    public void setBody(String body) {
        this.body = body;
    }

    public long getVersion() {
        return version;
    }

    public void setVersion(long version) {
        this.version = version;
    }
}
