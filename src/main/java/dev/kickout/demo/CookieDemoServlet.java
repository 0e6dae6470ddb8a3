package dev.kickout.demo;

import dev.kickout.CurrentSession;
import dev.kickout.SessionView;
import dev.kickout.internal.session.KickoutCsrf;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * A server-rendered page in cookie mode ({@code /cookie/demo}, guarded by the token filter): the
 * signed-in user, a sign-out form carrying the CSRF token, and pushed events over the cookie.
 * A kicked user's next load of it lands on {@code signin.html} with the reason.
 */
@WebServlet("/cookie/demo")
public class CookieDemoServlet extends HttpServlet {

    @Inject
    CurrentSession current;
    @Inject
    KickoutCsrf csrf;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        SessionView session = current.require();
        response.setContentType("text/html;charset=UTF-8");
        response.setHeader("Cache-Control", "no-store");
        response.getWriter().write("""
                <!doctype html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <title>Cookie mode · Kickout demo</title>
                <link rel="icon" href="data:,">
                <link rel="stylesheet" href="../app/app.css">
                </head>
                <body>
                <main>
                  <h1>Signed in with a cookie</h1>
                  <p>User <strong id="user">%s</strong>, device type <code>%s</code>.</p>
                  <form method="post" action="../api/auth/logout">
                    <input type="hidden" name="_csrf" value="%s">
                    <button id="signout" type="submit">Sign out</button>
                  </form>
                  <h2>Events</h2>
                  <ul id="events"></ul>
                </main>
                <script type="module">
                  import { KickoutClient } from '../kickout/kickout-client.js';
                  const kickout = new KickoutClient({ credentials: 'cookie', signInUrl: '../signin.html' });
                  for (const type of ['STREAM_OPEN', 'FORCE_LOGOUT', 'EDIT_LOCK_RELEASED', 'LOCK_AVAILABLE']) {
                    kickout.on(type, data => {
                      const item = document.createElement('li');
                      item.textContent = type + ' ' + JSON.stringify(data);
                      document.getElementById('events').append(item);
                    });
                  }
                  kickout.connect();
                </script>
                </body>
                </html>
                """.formatted(html(session.username()), html(session.deviceType()), html(csrf.getToken())));
    }

    private static String html(String text) {
        return text == null ? "" : text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace("\"", "&quot;").replace("'", "&#39;");
    }
}
