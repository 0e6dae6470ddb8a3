// docs/getting-started/login-servlet.md shows this class; HttpSessionModeIT deploys it in the FORM-login example.
package dev.kickout.docs;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** A login servlet of the app's own: it checks the password through the container, which then keeps the caller. */
@WebServlet("/signin")
public class LoginServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        request.getSession(true); // the container keeps the caller in this HttpSession, which Kickout follows
        try {
            request.login(request.getParameter("username"), request.getParameter("password"));
        } catch (ServletException refused) {
            response.sendRedirect(request.getContextPath() + "/login.xhtml?failed=true");
            return;
        }
        response.sendRedirect(request.getContextPath() + "/");
    }
}
