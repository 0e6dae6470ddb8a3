package legacy.shop;

import jakarta.ejb.Stateless;

/** The host's EJB. */
@Stateless
public class Catalog {

    public Item find(String id) {
        if ("boom".equals(id)) {
            throw new IllegalStateException("no such shelf");
        }
        Item item = new Item();
        item.fullName = "Item " + id;
        item.secret = "s3cret";
        item.stock = id.length() * 7;
        return item;
    }
}
