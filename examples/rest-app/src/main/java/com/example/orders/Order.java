package com.example.orders;

import dev.kickout.FencedRecord;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import jakarta.validation.constraints.Size;
import java.util.UUID;

/**
 * An order, edited by one person at a time. {@link FencedRecord} keeps the fence of its last guarded save, so a
 * save whose lock was lost meanwhile cannot overwrite a newer one; {@code @Version} tells a client that it edited
 * an old copy. JPA checks the sizes when it writes, at commit.
 */
// ORDER is a reserved word in SQL and JPQL
@Entity(name = "CustomerOrder")
@Table(name = "customer_order")
public class Order extends FencedRecord {

    @Id
    private String id;
    @Size(max = 100)
    @Column(length = 100)
    private String customer;
    @Size(max = 500)
    @Column(length = 500)
    private String note;
    @Version
    private long version;

    protected Order() {
    }

    Order(String customer, String note) {
        this.id = UUID.randomUUID().toString();
        this.customer = customer;
        this.note = note;
    }

    public String getId() {
        return id;
    }

    public String getCustomer() {
        return customer;
    }

    public String getNote() {
        return note;
    }

    public long getVersion() {
        return version;
    }

    void change(String customer, String note) {
        this.customer = customer;
        this.note = note;
    }
}
