package com.example.notes;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * A strict Content Security Policy on every answer: scripts, styles, images and calls from this origin only, no
 * inline script or style, no framing. The pages are built for it (ES modules and one stylesheet). Async, since
 * it also sits in front of Kickout's event stream.
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class ContentSecurityPolicy extends HttpFilter {

    static final String POLICY = "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        response.setHeader("Content-Security-Policy", POLICY);
        chain.doFilter(request, response);
    }
}
