package dev.kickout.demo;

import dev.kickout.demo.DocumentService.DocumentUpdate;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/**
 * {@code /documents}: the reference app's records. {@code PUT} needs the edit lock's
 * {@code X-Lock-Token}; {@code ?release=true} releases the lock once the save commits.
 */
@Path("documents")
@Produces(MediaType.APPLICATION_JSON)
public class DocumentResource {

    @Inject
    DocumentService documents;

    /** A document as the API shows it. */
    public record DocumentView(String id, String title, String body, long version, long lastFence) {

        static DocumentView of(Document document) {
            return new DocumentView(document.getId(), document.getTitle(), document.getBody(), document.getVersion(),
                    document.getLastFence());
        }
    }

    @GET
    public List<DocumentView> list() {
        return documents.all().stream().map(DocumentView::of).toList();
    }

    @GET
    @Path("{id}")
    public DocumentView get(@PathParam("id") String id) {
        return DocumentView.of(documents.find(id));
    }

    @PUT
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public DocumentView save(@PathParam("id") String id, @QueryParam("release") boolean release, DocumentUpdate update) {
        return DocumentView.of(release ? documents.saveAndRelease(id, update) : documents.save(id, update));
    }
}
