package com.example.orders;

import dev.kickout.FencedRecord;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.io.Serializable;
import java.math.BigDecimal;

/**
 * An order the back office edits. {@link FencedRecord} adds the column {@code lastFence}: the fence of the last
 * save made under the order's edit lock, so that an older save never overwrites a newer one. {@code @Version}
 * catches an edit of a copy older than the stored order. (The entity is named {@code SalesOrder}, the table
 * {@code ORDERS}: {@code ORDER} is a keyword of JPQL and SQL.)
 */
@Entity(name = "SalesOrder")
@Table(name = "ORDERS")
public class Order extends FencedRecord implements Serializable {

    @Id
    private String id;
    private String customer;
    private BigDecimal amount;
    private String note;
    @Version
    private long version;

    public String getId() {
        return id;
    }

    public String getCustomer() {
        return customer;
    }

    public void setCustomer(String customer) {
        this.customer = customer;
    }

    public BigDecimal getAmount() {
        return amount;
    }

    public void setAmount(BigDecimal amount) {
        this.amount = amount;
    }

    public String getNote() {
        return note;
    }

    public void setNote(String note) {
        this.note = note;
    }

    public long getVersion() {
        return version;
    }
}
