package dev.kickout.it.i18n;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import jakarta.json.JsonObject;
import java.net.URL;
import java.net.http.HttpRequest;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The same refusal in English and in Chinese by {@code Accept-Language}, over real HTTP, on each path a
 * problem leaves by: the token filter (KICKED, TOKEN_INVALID), the JAX-RS mappers (LOCK_HELD, LOCK_LOST,
 * BAD_CREDENTIALS, INVALID_REQUEST) and JAX-RS's own refusals (404). The code and the other members never
 * change; q-values count; a malformed header is English, never a 500.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ProblemLanguageIT {

    private static final String CHINESE = "zh-CN,zh;q=0.9,en;q=0.8";
    private static final String ENGLISH = "en-US,en;q=0.9";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar(Map.of("kickout.key-prefix", "i18n"));
    }

    @ArquillianResource
    URL base;

    Api api;

    @BeforeEach
    void setUp() {
        api = new Api(base);
    }

    @Test
    void aKickedSessionIsToldInEitherLanguageWithTheSameMembers() {
        String bob = api.login("bob", "web").token();
        String admin = api.login("admin", "api").token();
        api.post("admin/users/bob/logout", admin, "{\"reason\":\"账号存在异常操作\"}").assertOk(200);

        JsonObject english = send(api.request("auth/status", bob).GET(), ENGLISH).assertProblem(401, "KICKED");
        JsonObject chinese = send(api.request("auth/status", bob).GET(), CHINESE).assertProblem(401, "KICKED");
        JsonObject none = api.get("auth/status", bob).assertProblem(401, "KICKED");
        assertEquals("An administrator signed this session out", english.getString("detail"));
        assertEquals("您已被管理员强制下线", chinese.getString("detail"));
        assertEquals(english.getString("detail"), none.getString("detail"), "no header: English");
        for (String member : new String[] {"type", "title", "code", "by", "reason", "at"}) {
            assertEquals(english.get(member), chinese.get(member), member);
        }
        assertEquals("账号存在异常操作", chinese.getString("reason"));
    }

    @Test
    void lockRefusalsFromTheRestEdgeAreTranslated() {
        String alice = api.login("alice", "web").token();
        String carol = api.login("carol", "web").token();
        String admin = api.login("admin", "api").token();
        String lockToken = api.post("locks/document/i18n-1", alice, null).assertOk(201).getString("lockToken");

        HttpRequest.Builder grab = api.request("locks/document/i18n-1", carol).POST(HttpRequest.BodyPublishers.noBody());
        assertEquals("document/i18n-1 is being edited by alice",
                send(grab, ENGLISH).assertProblem(423, "LOCK_HELD").getString("detail"));
        grab = api.request("locks/document/i18n-1", carol).POST(HttpRequest.BodyPublishers.noBody());
        assertEquals("document/i18n-1 正在由 alice 编辑，暂时无法修改",
                send(grab, CHINESE).assertProblem(423, "LOCK_HELD").getString("detail"));

        api.post("admin/locks/document/i18n-1/release", admin, "{\"reason\":\"法务审核\"}").assertOk(200);
        JsonObject english = send(heartbeat(alice, lockToken), ENGLISH).assertProblem(409, "LOCK_LOST");
        JsonObject chinese = send(heartbeat(alice, lockToken), CHINESE).assertProblem(409, "LOCK_LOST");
        assertEquals("This edit lock on document/i18n-1 is no longer yours (FORCE_RELEASED)", english.getString("detail"));
        assertEquals("您对 document/i18n-1 的编辑权已失效：编辑锁已被管理员释放", chinese.getString("detail"));
        assertEquals("FORCE_RELEASED", chinese.getString("reason"), "the reason stays a code");
        assertEquals(english.getString("by"), chinese.getString("by"));
    }

    @Test
    void signInAndInputRefusalsAreTranslated() {
        Reply english = send(login("{\"username\":\"alice\",\"password\":\"wrong\",\"deviceType\":\"web\",\"clientId\":\"c\"}"), ENGLISH);
        Reply chinese = send(login("{\"username\":\"alice\",\"password\":\"wrong\",\"deviceType\":\"web\",\"clientId\":\"c\"}"), CHINESE);
        assertEquals("Unknown user or wrong password", english.assertProblem(401, "BAD_CREDENTIALS").getString("detail"));
        assertEquals("用户名或密码错误", chinese.assertProblem(401, "BAD_CREDENTIALS").getString("detail"));

        String admin = api.login("admin", "api").token();
        assertEquals("limit must be an integer from 1 to 500", send(api.request("admin/sessions?limit=0", admin).GET(), ENGLISH)
                .assertProblem(400, "INVALID_REQUEST").getString("detail"));
        assertEquals("limit 须为 1 到 500 之间的整数", send(api.request("admin/sessions?limit=0", admin).GET(), CHINESE)
                .assertProblem(400, "INVALID_REQUEST").getString("detail"));
        assertEquals("资源不存在", send(api.request("no/such/endpoint", admin).GET(), CHINESE)
                .assertProblem(404, "NOT_FOUND").getString("detail"));
        assertEquals("The token is not known", send(api.request("auth/status", "not-a-token").GET(), ENGLISH)
                .assertProblem(401, "TOKEN_INVALID").getString("detail"));
        assertEquals("登录凭证无效，请重新登录", send(api.request("auth/status", "not-a-token").GET(), CHINESE)
                .assertProblem(401, "TOKEN_INVALID").getString("detail"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "en;q=0.3, zh-CN;q=0.9          | 登录凭证无效，请重新登录",
            "zh-CN;q=0.2, en-GB;q=0.8       | The token is not known",
            "fr-FR, zh;q=0.5                | 登录凭证无效，请重新登录",
            "zh-TW                          | The token is not known",
            "zh-Hans-CN                     | 登录凭证无效，请重新登录",
            "zh-CN;q=abc                    | The token is not known",
            "zh-CN;q=7                      | The token is not known",
            ";;;,,,==                       | The token is not known",
            "*                              | The token is not known",
    })
    void qualitiesCountAndAMalformedHeaderIsEnglish(String acceptLanguage, String detail) {
        Reply reply = send(api.request("auth/status", "not-a-token").GET(), acceptLanguage);
        assertEquals(detail, reply.assertProblem(401, "TOKEN_INVALID").getString("detail"), acceptLanguage);
    }

    private HttpRequest.Builder heartbeat(String token, String lockToken) {
        return api.request("locks/document/i18n-1/heartbeat", token, lockToken).PUT(HttpRequest.BodyPublishers.noBody());
    }

    private HttpRequest.Builder login(String json) {
        return api.request("auth/login", null).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
    }

    private Reply send(HttpRequest.Builder request, String acceptLanguage) {
        return api.send(request.header("Accept-Language", acceptLanguage));
    }
}
