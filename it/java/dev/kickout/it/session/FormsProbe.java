package dev.kickout.it.session;

import com.example.orders.Order;
import com.example.orders.OrderService;
import dev.kickout.CurrentSession;
import dev.kickout.KickoutException;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.reflect.Method;

/**
 * What the tests observe the FORM-login example through, added to its WAR under its login
 * ({@code /orders/*} is constrained to the role {@code user}): who the container and the module each say the
 * caller is, a short {@code HttpSession}, a session id change, the app's own sign-out, and the example's guarded
 * save from a plain POST.
 */
@WebServlet("/orders/probe/*")
public class FormsProbe extends HttpServlet {

    @Inject
    CurrentSession current;
    @Inject
    OrderService orders;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setHeader("Cache-Control", "no-store");
        switch (request.getPathInfo() == null ? "" : request.getPathInfo()) {
            case "/me" -> text(response, request.getRemoteUser() + " " + current.require().sessionId() + " "
                    + request.getSession().getId());
            case "/who" -> text(response, request.getRemoteUser()); // the container's identity alone
            case "/short" -> {
                request.getSession().setMaxInactiveInterval(2);
                text(response, "short");
            }
            case "/rotate" -> text(response, request.changeSessionId());
            case "/bound-token" -> text(response, boundToken(request)); // a host bug that leaks the token
            case "/logout" -> {
                request.getSession().invalidate();
                text(response, "signed out");
            }
            default -> response.sendError(404);
        }
    }

    /** The Kickout token the module keeps in this HttpSession (never sent to a client by the module itself). */
    private static String boundToken(HttpServletRequest request) {
        Object binding = request.getSession().getAttribute("dev.kickout.session.binding");
        try {
            Method token = binding.getClass().getDeclaredMethod("token");
            token.setAccessible(true);
            return (String) token.invoke(binding);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code POST /orders/probe/save?order=<id>} with the lock token in {@code X-Lock-Token}: the example's save. */
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!"/save".equals(request.getPathInfo())) {
            response.sendError(404);
            return;
        }
        String id = request.getParameter("order");
        try {
            Order order = orders.find(id);
            order.setNote("saved by the probe");
            text(response, "saved " + id + " " + orders.save(id, order).getVersion());
        } catch (KickoutException e) {
            response.setStatus(e.status());
            text(response, e.code());
        }
    }

    static void text(HttpServletResponse response, String body) throws IOException {
        response.setContentType("text/plain;charset=UTF-8");
        response.getWriter().write(body);
    }
}
