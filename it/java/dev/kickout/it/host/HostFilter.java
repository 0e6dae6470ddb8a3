package dev.kickout.it.host;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** A host filter declared in web.xml after the module's mapping: says which caller it saw. */
public class HostFilter extends HttpFilter {

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        response.setHeader("X-Host-Filter", request.getUserPrincipal() == null ? "anonymous" : request.getUserPrincipal().getName());
        chain.doFilter(request, response);
    }
}
