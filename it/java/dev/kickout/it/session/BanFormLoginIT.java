package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Reply;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpRequest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A banned user in HttpSession mode ({@code examples/faces-form-login}): the container's FORM login succeeds, but
 * the module refuses the Kickout session, ends the {@code HttpSession}, and the login page says why.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class BanFormLoginIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return FormsWar.archive("bans-forms.war", "kickout.key-prefix=bans-forms\n");
    }

    @ArquillianResource
    URL base;

    @Test
    void aBannedUsersContainerLoginEndsAtTheLoginPageWithTheCode() {
        CookieClient heidi = FormsWar.signIn(base, "heidi");
        CookieClient admin = FormsWar.signIn(base, "admin");
        JsonObject kicked = call(admin, "kickout/api/admin/users/heidi/logout", "POST",
                "{\"reason\":\"Fraud check\",\"ban\":\"PT10M\"}").assertOk(200);
        assertEquals(1, kicked.getInt("kicked"), kicked.toString());

        for (String language : new String[] {"en", "zh-CN"}) {
            CookieClient again = new CookieClient(URI.create(base.toString()));
            Reply login = again.page(FormsWar.HOME);
            assertTrue(login.body().contains("j_security_check"), login.status() + " " + login.body());
            Reply posted = again.postForm("j_security_check", CookieClient.form("j_username", "heidi",
                    "j_password", FormsWar.PASSWORD), null);
            assertTrue(posted.status() == 302 || posted.status() == 303, posted.status() + " " + posted.body());
            Reply page = again.send(again.request(FormsWar.HOME, "Accept", "text/html", "Accept-Language", language).GET());
            Reply shown = page.status() == 303 || page.status() == 302
                    ? again.send(again.request(FormsWar.HOME, "Accept", "text/html", "Accept-Language", language).GET()) : page;
            assertTrue(FormsWar.saysWhy(shown, "ACCOUNT_SUSPENDED"), page.status() + " " + shown.status() + " " + shown.body());
            assertTrue(shown.body().contains(language.equals("en") ? "Your account is suspended" : "您的账号暂时被停用"),
                    shown.body());
            assertEquals(0, call(admin, "kickout/api/admin/sessions?userId=heidi", "GET", null).assertOk(200).getInt("total"));
        }
        call(admin, "kickout/api/admin/bans/heidi", "DELETE", null).assertOk(200);
        FormsWar.signIn(base, "heidi");
        assertEquals(1, call(admin, "kickout/api/admin/sessions?userId=heidi", "GET", null).assertOk(200).getInt("total"));
        assertEquals(401, heidi.get("kickout/api/auth/me", "Accept", "application/json").status());
    }

    private static Reply call(CookieClient admin, String path, String method, String json) {
        HttpRequest.Builder request = admin.request(path, "Accept", "application/json", "Content-Type", "application/json",
                "X-CSRF-Token", admin.cookie("KICKOUT_CSRF"));
        return admin.send(request.method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(json)));
    }
}
