package org.acme.seed.ejb;

import javax.ejb.SessionBean;
import javax.ejb.SessionContext;

/** A stateless clock: the one bean of the application, so that its façades are EJB 2.x ones. */
public class ClockBean implements SessionBean {
    private SessionContext context;

    public long now() { return System.currentTimeMillis(); }

    public void ejbCreate() {}

    public void ejbRemove() {}

    public void ejbActivate() {}

    public void ejbPassivate() {}

    public void setSessionContext(SessionContext context) { this.context = context; }
}
