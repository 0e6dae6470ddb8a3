package legacy.forms;

import dev.kickout.KickoutException;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;

/**
 * The backing bean of the Faces order screen ({@code orders/order-edit.xhtml}). The lock token travels
 * in the view (the {@code <kickout:editLock>} component's hidden field), where the guarded
 * {@link OrderDesk#save} finds it as a request parameter; a refusal shows its code.
 */
@Named
@RequestScoped
public class OrderEdit {

    @Inject
    OrderDesk orders;

    private String order;
    private String note;
    private String result = "";

    /** Saves under the edit lock the view carries; stays on the page. */
    public String save() {
        try {
            result = orders.save(order);
        } catch (KickoutException refused) {
            result = refused.code();
        }
        return null;
    }

    public String getOrder() {
        return order;
    }

    public void setOrder(String order) {
        this.order = order;
    }

    public String getNote() {
        return note;
    }

    public void setNote(String note) {
        this.note = note;
    }

    public String getResult() {
        return result;
    }
}
