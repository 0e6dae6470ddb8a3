package com.example.notes;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/** Three notes to edit on the first start (the servers' default in-memory database outlives a redeployment). */
@Singleton
@Startup
public class SampleNotes {

    @PersistenceContext
    EntityManager em;

    @PostConstruct
    void seed() {
        seed("welcome", "Welcome", "Open a note to edit it: you hold its edit lock while the editor is open.");
        seed("release-plan", "Release plan", "Freeze on Thursday, release on Friday morning.");
        seed("shopping-list", "Shopping list", "Coffee, paper, a new whiteboard marker.");
    }

    private void seed(String id, String title, String text) {
        if (em.find(Note.class, id) == null) {
            em.persist(new Note(id, title, text));
        }
    }
}
