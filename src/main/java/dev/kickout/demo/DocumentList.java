package dev.kickout.demo;

import dev.kickout.ResourceRef;
import dev.kickout.internal.lock.EditLocks;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.List;

/** The Faces document list ({@code pages/documents.xhtml}): each document and who is editing it. */
@Named
@RequestScoped
public class DocumentList {

    @Inject
    DocumentService documents;
    @Inject
    EditLocks locks;

    /** A row of the list; a class with getters for EL. */
    public static final class Row {
        private final Document document;
        private final String editor;

        Row(Document document, String editor) {
            this.document = document;
            this.editor = editor;
        }

        public Document getDocument() {
            return document;
        }

        /** Who holds the document's edit lock, or empty. */
        public String getEditor() {
            return editor;
        }
    }

    private List<Row> rows;

    public List<Row> getRows() {
        if (rows == null) {
            rows = documents.all().stream().map(d -> new Row(d, locks.get(new ResourceRef("document", d.getId()))
                    .map(lock -> lock.holder().username()).orElse(""))).toList();
        }
        return rows;
    }
}
