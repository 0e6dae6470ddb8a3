/**
 * A second legacy host for {@code dev.kickout.it.host.HostOpenApiIT}: JSON-B only (no Jackson annotation
 * anywhere in its WAR), its own REST application at {@code /rest}. Deliberately outside {@code dev.kickout}.
 */
package legacy.ledger;
