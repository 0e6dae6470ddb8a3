/**
 * Edit locks for server-rendered screens: the state behind the {@code <kickout:editLock>} Faces
 * component ({@code META-INF/resources/kickout/editLock.xhtml}, namespace {@code https://kickout.dev/faces}).
 * No class here imports {@code jakarta.faces}: the beans are plain CDI and servlet, read through EL,
 * so a host without Faces deploys the module unchanged. Uses {@code lock}, {@code session}, {@code config};
 * no other package uses it.
 */
package dev.kickout.internal.faces;
