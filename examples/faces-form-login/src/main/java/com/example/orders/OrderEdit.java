package com.example.orders;

import dev.kickout.KickoutException;
import dev.kickout.LockLostException;
import jakarta.faces.application.FacesMessage;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.persistence.OptimisticLockException;
import java.io.Serializable;

/**
 * The edit screen of one order ({@code orders/edit.xhtml?id=...}), in the usual detached-entity shape: the view
 * keeps the order it loaded, the form edits that copy, the service merges it. The lock token travels in the
 * view (the {@code <kickout:editLock>} component's hidden field), where {@code @RequiresEditLock} finds it;
 * this bean never sees it. A refused save says why and keeps what was typed.
 */
@Named
@ViewScoped
public class OrderEdit implements Serializable {

    @Inject
    OrderService orders;
    @Inject
    Texts texts;

    private String id;
    private Order order;

    /** The view action: loads the order once per view. */
    public void load() {
        if (order == null) {
            order = orders.find(id);
        }
    }

    public String save() {
        try {
            order = orders.save(id, order);
            say(FacesMessage.SEVERITY_INFO, texts.get("edit.saved", order.getVersion()));
        } catch (LockLostException lost) {
            // EXPIRED, FORCE_RELEASED, RELEASED, TAKEN, IDLE, HANDED_OVER
            say(FacesMessage.SEVERITY_ERROR, texts.get(texts.firstOf("edit.lock-lost." + lost.reason(), "edit.lock-lost")));
        } catch (OptimisticLockException stale) {
            say(FacesMessage.SEVERITY_ERROR, texts.get("edit.changed-meanwhile"));
        } catch (KickoutException refused) {
            // LOCK_HELD, the session ended, Redis unreachable: the module's own words, in the page's language
            say(FacesMessage.SEVERITY_ERROR, refused.detail(FacesContext.getCurrentInstance().getViewRoot().getLocale()));
        }
        return null;
    }

    private static void say(FacesMessage.Severity severity, String text) {
        FacesContext.getCurrentInstance().addMessage(null, new FacesMessage(severity, text, null));
    }

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    public Order getOrder() {
        return order;
    }
}
