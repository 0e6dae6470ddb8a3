/**
 * The Java code of the guide, reference and README pages, as a host writes it: each class says which page shows
 * it, and the page quotes it verbatim ({@code DocsSnippetsTest}). Only the public API ({@code dev.kickout},
 * {@code dev.kickout.spi}, {@code dev.kickout.event}) and the Jakarta EE API are used. The classes are compiled,
 * never deployed: some are alternatives to each other (two JAX-RS Applications at {@code api}), as on the pages.
 */
package dev.kickout.docs;
