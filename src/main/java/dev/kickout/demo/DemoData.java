package dev.kickout.demo;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/** Seeds the reference app's documents on the first deployment (the in-memory database outlives redeploys). */
@Singleton
@Startup
public class DemoData {

    @PersistenceContext
    EntityManager em;

    @PostConstruct
    void seed() {
        seed("contract-7", "Supply contract #7", "Delivery terms: ...");
        seed("order-10086", "Order 10086", "3 pallets of paper");
        seed("memo-1", "Team memo", "Friday release freeze");
        for (int i = 1; i <= 20; i++) {
            seed("doc-" + i, "Test document " + i, "");
        }
    }

    private void seed(String id, String title, String body) {
        if (em.find(Document.class, id) == null) {
            em.persist(new Document(id, title, body));
        }
    }
}
