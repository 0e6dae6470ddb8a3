/**
 * A notes app that signs in, locks and signs out through Kickout: its own REST API at {@code /api} (the notes,
 * who am I), its users ({@link com.example.notes.DemoUsers}, demo only), and the static pages under the web root,
 * which call both this API and Kickout's at {@code /kickout/api} with the browser client the Kickout jar serves.
 */
package com.example.notes;
