package dev.kickout.demo;

import dev.kickout.FencedRecord;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Version;

/**
 * The reference app's business record: edited under an edit lock, written only with a fence larger
 * than its last writer's ({@link FencedRecord}), guarded by @Version.
 */
@Entity
public class Document extends FencedRecord {

    @Id
    private String id;
    private String title;
    @Column(length = 100_000)
    private String body;
    @Version
    private long version;

    protected Document() {
    }

    Document(String id, String title, String body) {
        this.id = id;
        this.title = title;
        this.body = body;
    }

    public String getId() {
        return id;
    }

    public String getTitle() {
        return title;
    }

    public String getBody() {
        return body;
    }

    public long getVersion() {
        return version;
    }

    void update(String title, String body) {
        this.title = title;
        this.body = body;
    }
}
