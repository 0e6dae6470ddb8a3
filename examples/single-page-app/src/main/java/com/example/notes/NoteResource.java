package com.example.notes;

import com.example.notes.NoteService.NoteUpdate;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/**
 * {@code /api/notes}: list, read, save. A save carries the note's lock token in {@code X-Lock-Token}, which
 * Kickout reads itself: no parameter here names it.
 */
@RequestScoped
@Path("notes")
@Produces(MediaType.APPLICATION_JSON)
public class NoteResource {

    @Inject
    NoteService notes;

    /** A note as the page sees it. */
    public record NoteView(String id, String title, String text, long version) {

        static NoteView of(Note note) {
            return new NoteView(note.getId(), note.getTitle(), note.getText(), note.getVersion());
        }
    }

    @GET
    public List<NoteView> list() {
        return notes.all().stream().map(NoteView::of).toList();
    }

    @GET
    @Path("{id}")
    public NoteView get(@PathParam("id") String id) {
        return NoteView.of(notes.find(id));
    }

    @PUT
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public NoteView save(@PathParam("id") String id, NoteUpdate update) {
        return NoteView.of(notes.save(id, update));
    }
}
