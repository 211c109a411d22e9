#!/usr/bin/env python3
"""Turns the measurements bench/run.sh leaves in target/runs into medians, a table and results.json."""
import argparse
import json
import math
import os
import re
import statistics

TIMING = re.compile(r"^timing:\s+(.+?)\s+(\d+)\s+ms\s*$")
GC = re.compile(r"(\d+)([KMG])->(\d+)([KMG])\((\d+)([KMG])\)")
UNIT = {"K": 1 / 1024, "M": 1, "G": 1024}


def read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return None


def time_v(text):
    """Wall, user+sys CPU seconds and max RSS (MB) from GNU time -v."""
    out = {}
    for line in (text or "").splitlines():
        line = line.strip()
        if line.startswith("Elapsed (wall clock)"):
            parts = line.rsplit(" ", 1)[1].split(":")
            secs = 0.0
            for p in parts:
                secs = secs * 60 + float(p)
            out["wall"] = secs
        elif line.startswith("User time"):
            out["user"] = float(line.rsplit(" ", 1)[1])
        elif line.startswith("System time"):
            out["sys"] = float(line.rsplit(" ", 1)[1])
        elif line.startswith("Maximum resident set size"):
            out["rssMb"] = int(line.rsplit(" ", 1)[1]) / 1024
    if "user" in out and "sys" in out:
        out["cpu"] = out["user"] + out["sys"]
    return out


def peak_heap_mb(text):
    """Largest heap occupancy the GC log shows (before a collection); None without any collection."""
    peak = None
    for m in GC.finditer(text or ""):
        before = int(m.group(1)) * UNIT[m.group(2)]
        after = int(m.group(3)) * UNIT[m.group(4)]
        value = max(before, after)
        peak = value if peak is None else max(peak, value)
    return peak


def wanlint_run(d):
    rc = int((read(os.path.join(d, "exit")) or "99").strip() or 99)
    stderr = read(os.path.join(d, "stderr.txt")) or ""
    run = {"exit": rc, "ok": rc in (0, 1)}
    run.update(time_v(read(os.path.join(d, "time.txt"))))
    run["phasesMs"] = {m.group(1): int(m.group(2)) for m in map(TIMING.match, stderr.splitlines()) if m}
    run["peakHeapMb"] = peak_heap_mb(read(os.path.join(d, "gc.log")))
    if not run["ok"]:
        errors = [l for l in stderr.splitlines() if "error" in l.lower()]
        run["error"] = (errors or stderr.splitlines() or ["no output"])[0][:300]
    report = read(os.path.join(d, "report.json"))
    if run["ok"] and report:
        try:
            data = json.loads(report)
            counts = {}
            for f in data.get("findings", []):
                counts[f.get("ruleId")] = counts.get(f.get("ruleId"), 0) + 1
            run["findings"] = counts
            run["entryPoints"] = len(data.get("entryPoints", []))
        except ValueError as e:
            run["ok"] = False
            run["error"] = "report.json is not JSON: %s" % e
    return run


def pmd_run(d):
    rc = int((read(os.path.join(d, "exit")) or "99").strip() or 99)
    run = {"exit": rc, "ok": rc in (0, 4)}
    run.update(time_v(read(os.path.join(d, "time.txt"))))
    report = read(os.path.join(d, "report.txt")) or ""
    run["violations"] = sum(1 for l in report.splitlines() if l.strip())
    if not run["ok"]:
        run["error"] = ((read(os.path.join(d, "stderr.txt")) or "").strip().splitlines() or ["no output"])[0][:300]
    return run


def median(runs, key):
    values = [r[key] for r in runs if r.get("ok") and r.get(key) is not None]
    return statistics.median(values) if values else None


def median_phases(runs):
    phases = {}
    for r in runs:
        if r.get("ok"):
            for k, v in r.get("phasesMs", {}).items():
                phases.setdefault(k, []).append(v)
    return {k: statistics.median(v) for k, v in phases.items()}


def median_findings(runs):
    rules = {}
    for r in runs:
        if r.get("ok"):
            for k, v in r.get("findings", {}).items():
                rules.setdefault(k, []).append(v)
    ok = sum(1 for r in runs if r.get("ok"))
    return {k: statistics.median(v + [0] * (ok - len(v))) for k, v in sorted(rules.items())}

EDIT_LABEL = {"body": "body edit (a call statement added in a method)",
              "signature": "signature edit (a public method added to a session bean)",
              "jsp": "JSP edit (a scriptlet line added to a page)"}


def incremental(d, names, uncached_summary, edits):
    """Medians of the --cache runs; each report compared byte for byte with an uncached run of the same sources."""
    uncached = read(os.path.join(d, "wanlint-1", "report.json"))
    kinds = [("cache-cold", "cold run into an empty cache", uncached, None),
             ("cache-unchanged", "unchanged re-run", uncached, None)]
    for e in edits:
        where = (read(os.path.join(d, "edit-%s.txt" % e)) or "").strip() or None
        kinds.append(("cache-%s-edit" % e, EDIT_LABEL.get(e, e + " edit"),
                      read(os.path.join(d, "uncached-%s-edit" % e, "report.json")), where))
        kinds.append(("cache-%s-revert" % e, e + " edit undone (cache back to the original sources)", uncached, None))
    inc = {}
    for k, label, reference, where in kinds:
        dirs = [n for n in names if re.fullmatch(re.escape(k) + r"-\d+", n)]
        if not dirs:
            continue
        rs = [wanlint_run(os.path.join(d, n)) for n in dirs]
        reports = [read(os.path.join(d, n, "report.json")) for n in dirs]
        v = {"label": label, "runs": len(rs), "successfulRuns": sum(1 for r in rs if r["ok"]),
             "wallSeconds": median(rs, "wall"), "cpuSeconds": median(rs, "cpu"),
             "phasesMs": median_phases(rs),
             # Byte for byte: the JSON report has no timings, so a cached run must match exactly.
             "reportsEqualUncached": bool(reference) and all(r == reference for r in reports),
             "errors": sorted({r["error"] for r in rs if r.get("error")})}
        if where:
            v["edit"] = where
            # An edit the report does not show checks less: say so rather than let it pass silently.
            v["editChangesReport"] = bool(reference) and bool(uncached) and reference != uncached
        inc[k] = v
    cold = inc.get("cache-cold", {}).get("wallSeconds")
    for k, v in inc.items():
        if k == "cache-cold" or v.get("wallSeconds") is None:
            continue
        if cold:
            v["fractionOfCold"] = v["wallSeconds"] / cold
        if uncached_summary["wallSeconds"]:
            v["fractionOfUncached"] = v["wallSeconds"] / uncached_summary["wallSeconds"]
    return inc


def fmt(v, digits=1):
    if v is None:
        return "-"
    if isinstance(v, float):
        return ("%." + str(digits) + "f") % v
    return str(v)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs-dir", required=True)
    ap.add_argument("--apps-dir", required=True)
    ap.add_argument("--sizes", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--wanlint-version", default="")
    ap.add_argument("--pmd-version", default="none")
    ap.add_argument("--cache", default="0")
    ap.add_argument("--xmx", default="4g")
    ap.add_argument("--edits", default="body,signature,jsp")
    a = ap.parse_args()

    results = {"wanlintVersion": a.wanlint_version, "pmdVersion": a.pmd_version, "heapCap": a.xmx,
               "cpus": os.cpu_count(), "sizes": []}
    for size in [s for s in a.sizes.split(",") if s]:
        d = os.path.join(a.runs_dir, size)
        expected = json.loads(read(os.path.join(a.apps_dir, "app-" + size, "expected.json")) or "{}")
        names = sorted(os.listdir(d)) if os.path.isdir(d) else []
        wl = [wanlint_run(os.path.join(d, n)) for n in names if re.fullmatch(r"wanlint-\d+", n)]
        pm = [pmd_run(os.path.join(d, n)) for n in names if re.fullmatch(r"pmd-\d+", n)]
        lines = expected.get("lines")
        # A generated application is named by its size; a real one (--real) by its folder's name.
        entry = {"size": int(size) if size.isdigit() else size, "files": expected.get("files"), "javaFiles": expected.get("javaFiles"),
                 "lines": lines, "expectedFindings": expected.get("expectedFindings", {}),
                 "expectedEntryPoints": expected.get("entryPoints")}
        w = {"runs": len(wl), "successfulRuns": sum(1 for r in wl if r["ok"]),
             "wallSeconds": median(wl, "wall"), "cpuSeconds": median(wl, "cpu"), "maxRssMb": median(wl, "rssMb"),
             "peakHeapMb": median(wl, "peakHeapMb"), "phasesMs": median_phases(wl),
             "findings": median_findings(wl), "entryPoints": median(wl, "entryPoints"),
             "errors": sorted({r["error"] for r in wl if r.get("error")})}
        w["linesPerSecond"] = lines / w["wallSeconds"] if lines and w["wallSeconds"] else None
        entry["wanlint"] = w
        if pm:
            p = {"runs": len(pm), "successfulRuns": sum(1 for r in pm if r["ok"]),
                 "wallSeconds": median(pm, "wall"), "cpuSeconds": median(pm, "cpu"), "maxRssMb": median(pm, "rssMb"),
                 "violations": median(pm, "violations"),
                 "errors": sorted({r["error"] for r in pm if r.get("error")})}
            p["linesPerSecond"] = lines / p["wallSeconds"] if lines and p["wallSeconds"] else None
            entry["pmd"] = p
            if w["wallSeconds"] and p["wallSeconds"]:
                entry["wallRatioWanlintToPmd"] = w["wallSeconds"] / p["wallSeconds"]
        if a.cache == "1":
            entry["incremental"] = incremental(d, names, w, [e for e in a.edits.split(",") if e])
        results["sizes"].append(entry)

    ok = [e for e in results["sizes"] if e["wanlint"]["wallSeconds"] and isinstance(e["size"], int)]
    growth = []
    for x, y in zip(ok, ok[1:]):
        factor = y["size"] / x["size"]
        per_doubling = (y["wanlint"]["wallSeconds"] / x["wanlint"]["wallSeconds"]) ** (1 / math.log2(factor)) if factor > 1 else None
        growth.append({"from": x["size"], "to": y["size"], "timeRatio": y["wanlint"]["wallSeconds"] / x["wanlint"]["wallSeconds"],
                       "perDoubling": per_doubling})
    results["growth"] = growth
    if a.cache != "1":
        results["incrementalNote"] = "skipped: --no-cache, or `wanlint check --help` has no --cache option"

    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump(results, f, indent=2, sort_keys=False)
        f.write("\n")

    # The table.
    print("wanlint benchmark  (%s; PMD %s; %s CPUs; heap cap %s; medians)" % (a.wanlint_version or "wanlint ?", a.pmd_version,
                                                                            os.cpu_count(), a.xmx))
    head = "%-8s %-8s %-6s %6s %8s %8s %8s %9s %9s %10s %9s" % ("size", "tool", "runs", "files", "lines", "wall s", "cpu s",
                                                             "lines/s", "RSS MB", "heap MB", "findings")
    print(head)
    print("-" * len(head))
    for e in results["sizes"]:
        w = e["wanlint"]
        total = sum(w["findings"].values()) if w["findings"] else None
        print("%-8s %-8s %-6s %6s %8s %8s %8s %9s %9s %10s %9s" % (
            e["size"], "wanlint", "%d/%d" % (w["successfulRuns"], w["runs"]), fmt(e["files"]), fmt(e["lines"]),
            fmt(w["wallSeconds"], 2), fmt(w["cpuSeconds"], 2), fmt(w["linesPerSecond"], 0), fmt(w["maxRssMb"], 0),
            fmt(w["peakHeapMb"], 0), fmt(total)))
        if "pmd" in e:
            p = e["pmd"]
            print("%-8s %-8s %-6s %6s %8s %8s %8s %9s %9s %10s %9s" % (
                "", "pmd", "%d/%d" % (p["successfulRuns"], p["runs"]), fmt(e["javaFiles"]), fmt(e["lines"]),
                fmt(p["wallSeconds"], 2), fmt(p["cpuSeconds"], 2), fmt(p["linesPerSecond"], 0), fmt(p["maxRssMb"], 0),
                "-", fmt(p["violations"])))
    print()
    for e in results["sizes"]:
        w = e["wanlint"]
        print("%s %s:" % ("size" if isinstance(e["size"], int) else "application", e["size"]))
        if w["errors"]:
            print("  wanlint did not complete: %s" % "; ".join(w["errors"]))
        if "wallRatioWanlintToPmd" in e:
            print("  wall time wanlint / PMD: %.2f" % e["wallRatioWanlintToPmd"])
        if e.get("pmd", {}).get("errors"):
            print("  PMD did not complete: %s" % "; ".join(e["pmd"]["errors"]))
        if w["phasesMs"]:
            # Each phase's share of the timed total (the `total` line of --timings), for the rules' share target.
            total = w["phasesMs"].get("total") or None
            print("  phases (ms): " + ", ".join("%s %s%s" % (k, fmt(v, 0), " (%.0f%%)" % (100.0 * v / total) if total and k != "total" else "")
                                             for k, v in w["phasesMs"].items()))
        exp = e["expectedFindings"]
        if w["successfulRuns"] and not isinstance(e["size"], int):
            # A real application has no planted faults: its findings as reported, per rule.
            print("  findings: " + (", ".join("%s %s" % (r, fmt(n)) for r, n in w["findings"].items()) or "none"))
            print("  entry points: %s" % fmt(w["entryPoints"]))
        elif w["successfulRuns"]:
            rules = sorted(set(exp) | set(w["findings"]))
            print("  findings vs expected: " + ", ".join(
                "%s %s/%s%s" % (r, fmt(w["findings"].get(r, 0)), exp.get(r, 0),
                                "" if w["findings"].get(r, 0) == exp.get(r, 0) else " (!)") for r in rules))
            print("  entry points: %s (expected %s)" % (fmt(w["entryPoints"]), e["expectedEntryPoints"]))
        else:
            print("  expected findings: " + ", ".join("%s %s" % kv for kv in sorted(exp.items())))
        if e.get("incremental"):
            print("  --cache medians (each report compared byte for byte with an uncached run of the same sources):")
            for k, v in e["incremental"].items():
                line = "    %-62s %7s s  cpu %6s s" % (v["label"], fmt(v.get("wallSeconds"), 2), fmt(v.get("cpuSeconds"), 1))
                if v.get("fractionOfCold") is not None:
                    line += "  %3.0f%% of cold, %3.0f%% of uncached" % (
                        100 * v["fractionOfCold"], 100 * v.get("fractionOfUncached", float("nan")))
                line += "  report identical" if v.get("reportsEqualUncached") else "  REPORT DIFFERS (!)"
                if v.get("errors"):
                    line += "  FAILED: %s" % "; ".join(v["errors"])
                print(line)
                if v.get("edit"):
                    print("      edit: %s%s" % (v["edit"], "" if v.get("editChangesReport") else " (the report does not change)"))
            for k in ("cache-unchanged", "cache-body-edit"):
                phases = e["incremental"].get(k, {}).get("phasesMs")
                if phases:
                    print("  %s phases (ms): " % k[len("cache-"):] + ", ".join("%s %s" % (p, fmt(x, 0)) for p, x in phases.items()))
    for g in growth:
        print("growth %s -> %s lines: time x%.2f (x%.2f per doubling)" % (g["from"], g["to"], g["timeRatio"], g["perDoubling"]))
    if "incrementalNote" in results:
        print("incremental runs: " + results["incrementalNote"])
    print("results: " + a.out)


if __name__ == "__main__":
    main()
