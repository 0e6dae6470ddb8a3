package dev.kickout.demo;

import dev.kickout.FencedWrites;
import dev.kickout.InvalidRequestException;
import dev.kickout.RequiresEditLock;
import dev.kickout.VersionConflictException;
import dev.kickout.internal.Checks;
import dev.kickout.internal.NotFoundException;
import dev.kickout.internal.i18n.Text;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;

/**
 * The "legacy" save logic, guarded by {@link RequiresEditLock}: four lines of defence in order (the
 * lock before the method runs, the fence claim, @Version, the lock again at commit).
 */
@ApplicationScoped
public class DocumentService {

    @PersistenceContext
    EntityManager em;
    @Inject
    FencedWrites fenced;

    /** What a client sends to save a document: the version it edited. */
    public record DocumentUpdate(String title, String body, Long version) {
    }

    public List<Document> all() {
        return em.createQuery("select d from Document d order by d.id", Document.class).getResultList();
    }

    public Document find(String id) {
        Document document = id == null ? null : em.find(Document.class, id);
        if (document == null) {
            throw new NotFoundException(Text.of("demo.no-document", String.valueOf(id)));
        }
        return document;
    }

    /** Saves under the caller's edit lock; keeps the lock. */
    @Transactional
    @RequiresEditLock(type = "document", idParam = "id")
    public Document save(String id, DocumentUpdate update) {
        return apply(id, update);
    }

    /** Saves under the caller's edit lock and releases it once the transaction commits. */
    @Transactional
    @RequiresEditLock(type = "document", idParam = "id", releaseAfterCommit = true)
    public Document saveAndRelease(String id, DocumentUpdate update) {
        return apply(id, update);
    }

    private Document apply(String id, DocumentUpdate update) {
        if (update == null || update.version() == null) {
            throw new InvalidRequestException(Text.of("demo.body"));
        }
        String title = Checks.text("title", update.title(), 200);
        String body = update.body() == null ? "" : Checks.optionalText("body", update.body(), 100_000);
        body = body == null ? "" : body;
        Document document = find(id);
        fenced.claim(em, document);
        if (update.version() != document.getVersion()) {
            throw new VersionConflictException(Text.of("demo.version", String.valueOf(id),
                    String.valueOf(document.getVersion()), String.valueOf(update.version())));
        }
        document.update(title, body);
        em.flush();
        return document;
    }
}
