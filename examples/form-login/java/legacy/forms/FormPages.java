package legacy.forms;

import dev.kickout.CurrentSession;
import dev.kickout.KickoutException;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** The app's pages, all behind its FORM login ({@code /pages/*} is constrained in web.xml). */
@WebServlet("/pages/*")
public class FormPages extends HttpServlet {

    @Inject
    CurrentSession current;
    @Inject
    OrderDesk orders;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String page = request.getPathInfo() == null ? "/home" : request.getPathInfo();
        response.setHeader("Cache-Control", "no-store");
        switch (page) {
            case "/home" -> home(request, response);
            // who the container and the module each say the caller is
            case "/me" -> text(response, request.getRemoteUser() + " " + current.require().sessionId() + " "
                    + request.getSession().getId());
            case "/short" -> {
                request.getSession().setMaxInactiveInterval(2);
                text(response, "short");
            }
            case "/rotate" -> text(response, request.changeSessionId());
            case "/logout" -> {
                request.getSession().invalidate();
                text(response, "signed out");
            }
            default -> response.sendError(404);
        }
    }

    /** {@code POST /pages/save?order=<id>} with the lock token in {@code X-Lock-Token}: the guarded save. */
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!"/save".equals(request.getPathInfo())) {
            response.sendError(404);
            return;
        }
        try {
            text(response, orders.save(request.getParameter("order")));
        } catch (KickoutException e) {
            // the app's own error page, with the module's status and code
            response.setStatus(e.status());
            text(response, e.code());
        }
    }

    private static void home(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/html;charset=UTF-8");
        String context = request.getContextPath();
        response.getWriter().write("""
                <!DOCTYPE html>
                <html><head><title>Orders</title></head>
                <body>
                <h1 id="user">%s</h1>
                <textarea id="draft">a form the user is typing</textarea>
                <script type="module">
                  import { KickoutClient } from '%s/kickout/kickout-client.js';
                  const kickout = new KickoutClient({ credentials: 'cookie', apiRoot: '%s/kickout/api/',
                                                      signInUrl: '%s/pages/home' });
                  kickout.on('connection', ({ state }) => { document.documentElement.dataset.kickoutConnection = state; });
                  kickout.connect();
                </script>
                </body></html>
                """.formatted(request.getRemoteUser(), context, context, context));
    }

    private static void text(HttpServletResponse response, String body) throws IOException {
        response.setContentType("text/plain;charset=UTF-8");
        response.getWriter().write(body);
    }
}
