package io.wanlint.report.api;

/**
 * The headline numbers of a report.
 *
 * @param roundTripsNow   WAN round trips of all entry points together (at {@code n = 1}) as the code stands
 * @param roundTripsAfter the same once every proposed patch is applied
 */
public record ReportSummary(int findings, int errors, int warnings, int notes, long roundTripsNow, long roundTripsAfter) {}
