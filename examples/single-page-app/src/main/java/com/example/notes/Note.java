package com.example.notes;

import dev.kickout.FencedRecord;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Version;

/**
 * A note, edited by one person at a time under Kickout's edit lock of type {@code note}. {@link FencedRecord}
 * keeps the fence of its last guarded save; {@code @Version} catches an edit of a version that is no longer
 * current.
 */
@Entity
public class Note extends FencedRecord {

    @Id
    private String id;
    private String title;
    @Column(length = NoteService.MAX_TEXT)
    private String text;
    @Version
    private long version;

    protected Note() {
    }

    Note(String id, String title, String text) {
        this.id = id;
        this.title = title;
        this.text = text;
    }

    public String getId() {
        return id;
    }

    public String getTitle() {
        return title;
    }

    public String getText() {
        return text;
    }

    public long getVersion() {
        return version;
    }

    void edit(String title, String text) {
        this.title = title;
        this.text = text;
    }
}
