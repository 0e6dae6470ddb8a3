package legacy.shop;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** The host's own filter: marks every answer, with the caller it sees. */
@WebFilter("/*")
public class ShopFilter extends HttpFilter {

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        response.setHeader("X-Shop-Filter", request.getUserPrincipal() == null ? "anonymous" : request.getUserPrincipal().getName());
        chain.doFilter(request, response);
    }
}
