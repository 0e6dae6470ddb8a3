package com.example.orders;

import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Named;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;

/** Signing out: the app's own, as before Kickout; ending the HttpSession ends the Kickout session too. */
@Named
@RequestScoped
public class Account {

    public String signOut() throws ServletException {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        ((HttpServletRequest) external.getRequest()).logout();
        external.invalidateSession();
        return "/orders/list.xhtml?faces-redirect=true";
    }
}
