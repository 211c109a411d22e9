package io.wanlint.analyzer.callgraph;

/**
 * How a call's receiver is written, in either front end: a value, a type name (a static call),
 * {@code this} (or an implicit receiver) or {@code super}. It decides how the call dispatches
 * ({@link VirtualDispatch}) and whether it is a self-call, which no container proxy intercepts.
 */
enum ReceiverForm { VALUE, STATIC, THIS, SUPER }
