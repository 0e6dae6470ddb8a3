package dev.kickout.demo;

import dev.kickout.Kickout;
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
    Kickout kickout;

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
            rows = documents.all().stream().map(d -> new Row(d, kickout.lockOn("document", d.getId())
                    .map(lock -> lock.holder().username()).orElse(""))).toList();
        }
        return rows;
    }
}
