package com.example.orders;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.faces.context.FacesContext;
import java.text.MessageFormat;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/** The app's texts ({@code messages*.properties}, {@code #{msg}} in the pages) in the view's language. */
@ApplicationScoped
public class Texts {

    /** The text of {@code key} with its parameters; the key itself when the bundle lacks it. */
    public String get(String key, Object... parameters) {
        ResourceBundle bundle = bundle();
        try {
            return new MessageFormat(bundle.getString(key), bundle.getLocale()).format(parameters);
        } catch (MissingResourceException e) {
            return key;
        }
    }

    /** The first of {@code keys} the bundle has (the last one otherwise). */
    public String firstOf(String... keys) {
        ResourceBundle bundle = bundle();
        for (String key : keys) {
            if (bundle.containsKey(key)) {
                return key;
            }
        }
        return keys[keys.length - 1];
    }

    private static ResourceBundle bundle() {
        FacesContext faces = FacesContext.getCurrentInstance();
        return faces.getApplication().getResourceBundle(faces, "msg");
    }
}
