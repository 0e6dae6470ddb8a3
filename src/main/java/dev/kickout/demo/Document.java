package dev.kickout.demo;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Version;

/** The reference app's business record: edited under an edit lock, guarded by @Version. */
@Entity
public class Document {

    @Id
    private String id;
    private String title;
    @Column(length = 100_000)
    private String body;
    @Version
    private long version;
    /** Fence of the lock holding under which this record was last saved. */
    private long lastFence;

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

    public long getLastFence() {
        return lastFence;
    }

    void update(String title, String body, long fence) {
        this.title = title;
        this.body = body;
        this.lastFence = fence;
    }
}
