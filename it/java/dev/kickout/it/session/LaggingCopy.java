package dev.kickout.it.session;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;

/**
 * {@code GET /lagging-copy}: drops the module's binding from the caller's {@code HttpSession}, outside
 * the module's filter, as an instance's copy of a distributable session looks before the write of the
 * request that opened its Kickout session has reached it.
 */
@WebServlet("/lagging-copy")
public class LaggingCopy extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        HttpSession session = request.getSession(false);
        if (session == null) {
            response.sendError(404);
            return;
        }
        session.removeAttribute("dev.kickout.session.binding");
        response.setContentType("text/plain;charset=UTF-8");
        response.getWriter().write("dropped");
    }
}
