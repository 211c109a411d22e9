package io.wanlint.analyzer.api;

/**
 * A request a web framework's front servlet hands to an application class (issue 19 item 10, issue
 * 23 item 4): a Struts 1 action mapping, a WebWork or Struts 2 action, or a JSF page's reference to
 * a managed bean's action method or property. The class is its component's; which of its methods
 * runs is decided by the call-graph front ends from the class (the framework's conventions below),
 * so that both front ends decide it the same way.
 *
 * @param id         the entry point's id: the action URL ({@code /login.do}, {@code /shop/order.action})
 *                   or, for JSF, the page and the expression ({@code /orders.xhtml #{orders.save}})
 * @param framework  which conventions pick the method
 * @param method     Struts 1: null; WebWork/Struts 2: the {@code method} attribute, null for {@code execute};
 *                   JSF: the member the expression names ({@code save}, or {@code items} for {@code getItems()})
 * @param parameter  Struts 1: the mapping's {@code parameter} (the request parameter a {@code DispatchAction}
 *                   dispatches on, the method of a {@code MappingDispatchAction}); null otherwise
 * @param declaredAt the descriptor element or page line that declares it
 */
public record WebAction(String id, Framework framework, String method, String parameter, SourceLocation declaredAt) {

    /** The conventions that decide the method a request runs. */
    public enum Framework {
        /** {@code execute}/{@code perform}(ActionMapping, ActionForm, request, response); dispatch actions by parameter. */
        STRUTS1,
        /** WebWork 1, WebWork 2 / XWork and Struts 2: the named method, else {@code execute()} (WebWork 1: {@code doExecute()}). */
        XWORK,
        /** A JSF EL reference: an action method, or a property's getter. */
        JSF
    }
}
