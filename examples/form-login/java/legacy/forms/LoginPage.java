package legacy.forms;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;

/** The form-login page of web.xml: posts to j_security_check, and says why a session ended, if it did. */
@WebServlet("/login")
public class LoginPage extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        doPost(request, response);
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        HttpSession session = request.getSession(false);
        Object reason = session == null ? null : session.getAttribute("kickoutReason");
        response.setContentType("text/html;charset=UTF-8");
        response.setHeader("Cache-Control", "no-store");
        response.getWriter().write("""
                <!DOCTYPE html>
                <html><head><title>Sign in</title></head>
                <body>
                <p id="reason">%s</p>
                <form id="login" method="post" action="j_security_check">
                  <input id="username" name="j_username"> <input id="password" name="j_password" type="password">
                  <button id="submit" type="submit">Sign in</button>
                </form>
                </body></html>
                """.formatted(reason == null ? "" : reason));
    }
}
