/**
 * The module's JAX-RS application and the problem+json mapping of refusals. Knows no feature: a feature
 * refuses by throwing a {@link dev.kickout.KickoutException} carrying its own status and code. The one
 * exception is {@link dev.kickout.KickoutResources}, the list of the features' resources that a
 * Jakarta REST Application must name. Only two classes here are {@code @Provider}s that join a host's
 * scanning Application: {@link dev.kickout.internal.rest.ModuleGate}, which only hides the module's endpoints there,
 * and {@link dev.kickout.internal.rest.KickoutExceptionMapper}, which maps only the module's own exceptions.
 * Problem {@code detail}s are written in the language of the request's {@code Accept-Language} ({@link dev.kickout.internal.i18n}); codes never change. What a request says about its
 * client behind reverse proxies ({@code kickout.trusted-proxies}) is read here too: the client's address
 * ({@link dev.kickout.internal.rest.ClientAddress}) and the public scheme and host ({@link dev.kickout.internal.rest.PublicOrigin}).
 * Where the application is mapped in this deployment is told to browsers by {@link dev.kickout.internal.rest.ApiRoot}.
 */
package dev.kickout.internal.rest;
