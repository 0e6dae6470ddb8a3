/**
 * The reference app ("a legacy app" using the module): documents saved under an edit lock, demo
 * users. Not part of the module jar; the module never imports it.
 */
package dev.kickout.demo;
