/**
 * A legacy app that signs in through its container: {@code web.xml} FORM login against the server's
 * own realm (WildFly: the properties realm of {@code server-config/wildfly/form-login-realm.cli}; Payara:
 * its file realm), an {@code HttpSession}, pages under a {@code web.xml} constraint. It knows nothing of
 * Kickout but the HttpSession mode setting, one script tag on its pages, the guarded save, and (in the WARs
 * that carry it) one Faces screen with {@code <kickout:editLock>}.
 */
package legacy.forms;
