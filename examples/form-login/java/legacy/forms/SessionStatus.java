package legacy.forms;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** Open to all: whether the HttpSession named by {@code ?id=} has ended, by the app's own listener. */
@WebServlet("/status")
public class SessionStatus extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/plain;charset=UTF-8");
        response.getWriter().write(SessionLedger.ENDED.contains(request.getParameter("id")) ? "ended" : "live");
    }
}
