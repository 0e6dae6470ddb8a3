package dev.kickout.it.session;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** Open to all: whether the HttpSession named by {@code ?id=} has ended, by {@link SessionLedger}. */
@WebServlet("/probe/status")
public class SessionStatus extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        FormsProbe.text(response, SessionLedger.ENDED.contains(request.getParameter("id")) ? "ended" : "live");
    }
}
