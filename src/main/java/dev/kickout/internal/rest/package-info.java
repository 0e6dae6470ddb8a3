/**
 * The shared HTTP layer: the problem+json mapping of refusals, request helpers, the OpenAPI names. Knows no
 * feature: a feature refuses by throwing a {@link dev.kickout.KickoutException} carrying its own status and
 * code, and reads the container's own failures through a {@link dev.kickout.internal.rest.RefusalFinder} of
 * its own. The list of the features' resources is {@link dev.kickout.KickoutResources}, above the features.
 * Only two classes here are {@code @Provider}s that join a host's
 * scanning Application: {@link dev.kickout.internal.rest.ModuleGate}, which only hides the module's endpoints there,
 * and {@link dev.kickout.internal.rest.KickoutExceptionMapper}, which maps only the module's own exceptions.
 * Problem {@code detail}s are written in the language of the request's {@code Accept-Language} ({@link dev.kickout.internal.i18n}); codes never change. What a request says about its
 * client behind reverse proxies ({@code kickout.trusted-proxies}) is read here too: the client's address
 * ({@link dev.kickout.internal.rest.ClientAddress}) and the public scheme and host ({@link dev.kickout.internal.rest.PublicOrigin}).
 * Where the application is mapped in this deployment is told to browsers by {@link dev.kickout.internal.rest.ApiRoot}.
 */
package dev.kickout.internal.rest;
