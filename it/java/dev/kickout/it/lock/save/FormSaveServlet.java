package dev.kickout.it.lock.save;

import dev.kickout.HeldLock;
import dev.kickout.KickoutException;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Test-only: a plain form post (as a servlet or a Faces action would handle it) whose lock token is
 * the form field {@code lockToken}; the guarded save finds it there itself.
 */
@WebServlet("/api/it/form-save")
public class FormSaveServlet extends HttpServlet {

    @Inject
    GuardedSaves saves;
    @Inject
    HeldLock heldLock;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("application/json");
        try {
            String title = saves.save(request.getParameter("id"), request.getParameter("title"));
            response.getWriter().write(Json.createObjectBuilder().add("title", title).build().toString());
        } catch (RuntimeException e) {
            KickoutException refusal = refusal(e);
            response.setStatus(refusal.status());
            response.getWriter().write(Json.createObjectBuilder().add("code", refusal.code())
                    .add("reason", String.valueOf(refusal.extras().get("reason"))).build().toString());
        }
    }

    private KickoutException refusal(RuntimeException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof KickoutException refusal) {
                return refusal;
            }
        }
        return heldLock.refusedAtCommit().orElseThrow(() -> e);
    }
}
