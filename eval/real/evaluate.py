#!/usr/bin/env python3
"""Measures a wanlint jar on the real applications of apps.tsv (see README.md in this folder).

For every exported app: runs check/predict/fix and measures them, scores the findings against the
hand-made labels of labels/<app>.json, and checks the patches that `fix` writes (applies alone and
in the combined patch, compiles, removes its finding, round trips as predicted, idempotent).
Writes results.json and results.md here (or in --out) and prints the Markdown tables.

Standard library only; called by run.sh, which builds the jar.
"""
import argparse
import datetime
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent

# The API jars a javac of patched code compiles against, by the level column of apps.tsv.
# geronimo's J2EE 1.4 bundle also covers J2EE 1.3 code (EJB 2.1 and Servlet 2.4 only add to 2.0/2.3).
# javax.rmi (PortableRemoteObject) was part of the JDK these apps were written for and left it in
# Java 11; javac runs on today's JDK, so a jar of it stands in for the old JDK.
JAVAX_RMI = "org.jboss.spec.javax.rmi:jboss-rmi-api_1.0_spec:1.0.6.Final"
API_JARS = {
    "j2ee-1.3": ["org.apache.geronimo.specs:geronimo-j2ee_1.4_spec:1.1", JAVAX_RMI],
    "j2ee-1.4": ["org.apache.geronimo.specs:geronimo-j2ee_1.4_spec:1.1", JAVAX_RMI],
    "javaee-6": ["javax:javaee-api:6.0", JAVAX_RMI],
    "javaee-7": ["javax:javaee-api:7.0", JAVAX_RMI],
    "javaee-8": ["javax:javaee-api:8.0.1", JAVAX_RMI],
    "jakartaee-10": ["jakarta.platform:jakarta.jakartaee-api:10.0.0"],
}

JAVA_OPTS = ["-Xss8m", "-XX:+UseSerialGC"]


# ---------------------------------------------------------------- manifest and labels

def read_manifest(path):
    apps = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        name, repo, commit, export, paths, root, level, notes, optin = cols
        apps.append(dict(name=name, repository=repo, commit=commit, export=export,
                         export_paths=paths.split(), root=root, level=level, notes=notes,
                         optin=optin.strip() == "yes"))
    return apps


def read_labels(labels_dir, app):
    path = labels_dir / (app + ".json")
    if not path.is_file():
        return None
    return json.loads(path.read_text())


def loc(f):
    l = f.get("location", {})
    return l.get("file"), l.get("line"), l.get("className"), l.get("method")


class LabelIndex:
    """Finds the label of a finding: by fingerprint, else (rule, file, line, class, method), else (rule, class, method)."""

    def __init__(self, labels):
        self.labels = labels
        self.by_fp = {}
        self.by_place = defaultdict(list)
        self.by_method = defaultdict(list)
        for i, l in enumerate(labels):
            if l.get("fingerprint"):
                self.by_fp.setdefault(l["fingerprint"], i)
            self.by_place[(l.get("rule"), l.get("file"), l.get("line"), l.get("className"), l.get("method"))].append(i)
            self.by_method[(l.get("rule"), l.get("className"), l.get("method"))].append(i)

    def match_all(self, findings):
        """Label index per finding (None when unlabelled); each label is used by one finding where possible."""
        used = set()
        result = [None] * len(findings)
        for i, f in enumerate(findings):  # exact fingerprints first, so fallbacks cannot steal them
            j = self.by_fp.get(f.get("fingerprint"))
            if j is not None and j not in used:
                result[i] = j
                used.add(j)
        for key_of, index in ((lambda f: (f["ruleId"],) + loc(f), self.by_place),
                              (lambda f: (f["ruleId"], loc(f)[2], loc(f)[3]), self.by_method)):
            for i, f in enumerate(findings):
                if result[i] is not None:
                    continue
                candidates = index.get(key_of(f), [])
                free = [j for j in candidates if j not in used]
                if free:
                    result[i] = free[0]
                    used.add(free[0])
                elif candidates:  # a label already used: the same verdict applies to its twin
                    result[i] = candidates[0]
        return result


def miss_found(miss, findings):
    """A miss counts as found when a finding of its rule sits at its class+method, or at its file+line."""
    for f in findings:
        if f["ruleId"] != miss.get("rule"):
            continue
        file, line, cls, method = loc(f)
        if cls and cls == miss.get("className") and method == miss.get("method"):
            return True
        if file and file == miss.get("file") and line == miss.get("line"):
            return True
    return False


# ---------------------------------------------------------------- running the jar

def measured(cmd, log_path, cwd=None):
    """Runs cmd; returns exit code, wall seconds, CPU seconds (user+sys) and peak RSS in MB of that command alone.

    CPU seconds are reported next to wall time because the machine may be shared: wall time grows
    with the load, CPU time much less."""
    usage_file = str(log_path) + ".usage"
    if Path("/usr/bin/time").exists():
        wrapped = ["/usr/bin/time", "-f", "%M %U %S", "-o", usage_file] + cmd
    else:
        # getrusage(RUSAGE_CHILDREN) is the maximum over all children so far: a fresh Python process
        # per command makes it that command's own peak.
        wrapper = ("import resource,subprocess,sys;rc=subprocess.call(sys.argv[2:]);"
                   "u=resource.getrusage(resource.RUSAGE_CHILDREN);"
                   "open(sys.argv[1],'w').write('%d %f %f' % (u.ru_maxrss,u.ru_utime,u.ru_stime));sys.exit(rc)")
        wrapped = [sys.executable, "-c", wrapper, usage_file] + cmd
    start = time.monotonic()
    with open(log_path, "wb") as log:
        rc = subprocess.call(wrapped, stdout=log, stderr=subprocess.STDOUT, cwd=cwd)
    wall = time.monotonic() - start
    rss_mb = cpu = None
    try:
        last = Path(usage_file).read_text().strip().splitlines()[-1].split()
        rss_mb, cpu = round(int(last[0]) / 1024), round(float(last[1]) + float(last[2]), 1)
    except (OSError, IndexError, ValueError):
        pass
    return rc, round(wall, 1), cpu, rss_mb


def wanlint(jar, *args):
    return ["java"] + JAVA_OPTS + ["-jar", str(jar)] + [str(a) for a in args]


def quiet(cmd, cwd=None):
    return subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")


# ---------------------------------------------------------------- the fix command's output

FIX_HEAD = re.compile(r"^(patch|no patch)\s+(WAN\d+) (\S+) \((.*)\): (.*)$")
FIX_TRIPS = re.compile(r"^\s+WAN round trips (.+?) -> (.+?)(?: \(entry points: .*\))?$")


def parse_fix_output(text):
    """The records `fix` prints (RefactoringFixer): one per finding, in the order of the findings."""
    records = []
    for line in text.splitlines():
        m = FIX_HEAD.match(line)
        if m:
            records.append(dict(patched=m.group(1) == "patch", rule=m.group(2), className=m.group(3),
                                file=m.group(4), text=m.group(5), files=[], collides=False, path=None))
            continue
        if not records or not line.startswith("          "):
            continue
        rec, body = records[-1], line.strip()
        if body.startswith("files: "):
            rec["files"] = body[len("files: "):].split(", ")
        elif FIX_TRIPS.match(line):
            t = FIX_TRIPS.match(line)
            rec["formulaBefore"], rec["formulaAfter"] = t.group(1), t.group(2)
        elif body.startswith("(collides"):
            rec["collides"] = True
        elif body.endswith(".patch"):
            rec["path"] = body
    return records


def attach_findings(records, findings):
    """Pairs each fix record with its finding: same position when rule, class and file agree, else the first free twin."""
    free = list(range(len(findings)))
    for k, rec in enumerate(records):
        def same(i):
            f = findings[i]
            return f["ruleId"] == rec["rule"] and loc(f)[2] == rec["className"] and loc(f)[0] == rec["file"]
        pick = k if k in free and same(k) else next((i for i in free if same(i)), None)
        rec["finding"] = pick
        if pick is not None:
            free.remove(pick)
    return records


# ---------------------------------------------------------------- compiling

def api_classpath(level, cache):
    jars = []
    for coords in API_JARS.get(level, []):
        g, a, v = coords.split(":")
        jar = cache / f"{a}-{v}.jar"
        if not jar.exists():
            cache.mkdir(parents=True, exist_ok=True)
            r = quiet(["mvn", "-B", "-q", "dependency:copy", f"-Dartifact={coords}", f"-DoutputDirectory={cache}"])
            if not jar.exists():
                print(f"  cannot download {coords}: {r.stdout[-300:]}", file=sys.stderr)
                continue
        jars.append(str(jar))
    return jars


PACKAGE = re.compile(rb"^\s*package\s+([\w.]+)\s*;", re.M)


def source_roots(tree):
    """Folders that hold the top of a package hierarchy (from each Java file's package line)."""
    roots = set()
    for p in tree.rglob("*.java"):
        try:
            m = PACKAGE.search(p.read_bytes()[:20000])
        except OSError:
            continue
        parent = p.parent
        if m:
            for _ in m.group(1).decode().split("."):
                parent = parent.parent
        roots.add(str(parent))
    # A root with a module-info.java is a JPMS module built on its own: on the -sourcepath it would
    # put the whole compile in module mode, and code of other folders would be judged as its members.
    return sorted(r for r in roots if not (Path(r) / "module-info.java").exists())


DIAG = re.compile(r"^(.+?\.java):(\d+):(\d+): (compiler\.err\.[^\n]*)$", re.M)


def javac_errors(tree, files, classpath, roots, out_dir):
    """javac's errors for files (paths relative to tree) as a set of (file, diagnostic without line) keys."""
    if not files:
        return set(), 0
    shutil.rmtree(out_dir, ignore_errors=True)
    out_dir.mkdir(parents=True)
    argfile = out_dir / "files.txt"
    argfile.write_text("\n".join('"' + str(tree / f) + '"' for f in files))
    cmd = ["javac", "-XDrawDiagnostics", "-nowarn", "-proc:none", "-implicit:none", "-Xmaxerrs", "100000",
           "-encoding", "ISO-8859-1", "-d", str(out_dir / "classes"),
           "-sourcepath", os.pathsep.join(roots), "-cp", os.pathsep.join(classpath), "@" + str(argfile)]
    r = quiet(cmd)
    errors = set()
    prefix = str(tree) + os.sep
    for m in DIAG.finditer(r.stdout):
        errors.add((m.group(1).replace(prefix, ""), m.group(4)))
    return errors, r.returncode


def compile_set(tree, touched):
    """The touched Java files and their package siblings (same folder), relative to tree."""
    folders = {Path(f).parent for f in touched if f.endswith(".java")}
    files = set()
    for d in folders:
        if (tree / d).is_dir():
            files.update(str(p.relative_to(tree)) for p in (tree / d).glob("*.java"))
    return sorted(files)


# ---------------------------------------------------------------- scoring

def score(findings, labels):
    """Per rule (and '*'): counts of labels, precision, duplicates, recall of known positives."""
    label_list = (labels or {}).get("findings", [])
    misses = (labels or {}).get("misses", [])
    matched = LabelIndex(label_list).match_all(findings)
    rows = defaultdict(Counter)
    seen_places = set()
    for f, j in zip(findings, matched):
        rule = f["ruleId"]
        verdict = label_list[j].get("label", "UNSURE").upper() if j is not None else "UNLABELLED"
        place = (rule, loc(f)[2], loc(f)[3])
        twin = place in seen_places
        seen_places.add(place)
        for key in (rule, "*"):
            rows[key]["findings"] += 1
            rows[key][verdict] += 1
            if twin or verdict == "DUP":
                rows[key]["duplicates"] += 1
    # recall: every label that says TP, and every miss; found when still reported. A TP label that
    # "covers" earlier TP labels (one finding per cause replacing several) is not a known positive of
    # its own: it makes the labels it covers found when it is reported.
    used = set(j for j in matched if j is not None)
    index = {l.get("fingerprint"): j for j, l in enumerate(label_list)}
    is_tp = lambda j: label_list[j].get("label", "").upper() == "TP"
    covered_by = defaultdict(set)
    for j, l in enumerate(label_list):
        for fp in l.get("covers", []) if is_tp(j) else []:
            if fp in index and is_tp(index[fp]):
                covered_by[index[fp]].add(j)
    covering = set().union(*covered_by.values()) if covered_by else set()
    for j, l in enumerate(label_list):
        if not is_tp(j) or j in covering:
            continue
        found = j in used or any(c in used for c in covered_by.get(j, ()))
        for key in (l.get("rule"), "*"):
            rows[key]["known"] += 1
            rows[key]["knownFound"] += 1 if found else 0
    for m in misses:
        found = miss_found(m, findings)
        for key in (m.get("rule"), "*"):
            rows[key]["known"] += 1
            rows[key]["misses"] += 1
            rows[key]["knownFound"] += 1 if found else 0
            rows[key]["missesFound"] += 1 if found else 0
    result = {}
    for rule, c in rows.items():
        tp, fp = c["TP"], c["FP"]
        result[rule] = dict(c, precision=round(tp / (tp + fp), 3) if tp + fp else None,
                            recall=round(c["knownFound"] / c["known"], 3) if c["known"] else None)
    return result, matched


# ---------------------------------------------------------------- patch checks

class Scratch:
    """A git copy of the app's analysis root, reset to the unpatched commit between patches."""

    def __init__(self, source, where):
        self.tree = where / "tree"
        shutil.rmtree(where, ignore_errors=True)
        where.mkdir(parents=True)
        shutil.copytree(source, self.tree, symlinks=True)
        for cmd in (["git", "init", "-q"], ["git", "add", "-A", "-f"],
                    ["git", "-c", "user.name=eval", "-c", "user.email=eval@localhost", "commit", "-q", "-m", "unpatched", "--no-verify"]):
            r = quiet(cmd, cwd=self.tree)
            if r.returncode:
                raise RuntimeError("scratch copy: " + " ".join(cmd) + ": " + r.stdout[-300:])

    def reset(self):
        quiet(["git", "reset", "-q", "--hard"], cwd=self.tree)
        quiet(["git", "clean", "-q", "-f", "-d", "-x"], cwd=self.tree)

    def check_apply(self, patch):
        r = quiet(["git", "apply", "--check", str(patch)], cwd=self.tree)
        return r.returncode == 0, r.stdout.strip()[-400:]

    def apply(self, patch):
        return quiet(["git", "apply", str(patch)], cwd=self.tree).returncode == 0


def round_trips_by_entry(predict_json):
    return {e["id"]: e.get("wanRoundTrips") for e in predict_json.get("entryPoints", [])}


def measured_after(finding, before_eps, after_eps):
    """The finding's round trips after the patch as re-analysis measures them: its 'before' minus what its entry points lost."""
    ids = finding.get("entryPoints") or list(before_eps)
    if any(i not in after_eps for i in ids):
        return None, "entry point gone after the patch: " + ", ".join(i for i in ids if i not in after_eps)[:200]
    lost = sum((before_eps.get(i) or 0) - (after_eps.get(i) or 0) for i in ids)
    return finding["wanRoundTrips"]["before"] - lost, None


def same_place(a, b):
    return a["ruleId"] == b["ruleId"] and loc(a)[2] == loc(b)[2] and loc(a)[3] == loc(b)[3]


def check_patches(app, jar, root, work, fix_out, records, findings, predict, limit, api_cache, shipped):
    patched = [r for r in records if r["patched"] and r.get("path")]
    chosen = patched if limit is None else patched[:limit]
    result = dict(patches=len(patched), checked=len(chosen), perPatch=[])
    if not patched:
        return result
    scratch = Scratch(root, work / "scratch")
    tree = scratch.tree
    combined = fix_out / "wanlint.patch"
    ok, msg = scratch.check_apply(combined) if combined.exists() else (False, "no wanlint.patch")
    result["combinedApplies"] = ok
    if not ok:
        result["combinedError"] = msg
    classpath = api_classpath(app["level"], api_cache) + shipped
    roots = source_roots(tree)
    unpatched_errors = {}
    before_eps = round_trips_by_entry(predict)
    unpatched_fps = {f.get("fingerprint") for f in findings}
    for n, rec in enumerate(chosen, 1):
        finding = findings[rec["finding"]] if rec.get("finding") is not None else None
        name = Path(rec["path"]).name
        print(f"    patch {n}/{len(chosen)} {name}", flush=True)
        started = time.monotonic()
        entry = dict(patch=name, rule=rec["rule"], className=rec["className"], files=rec["files"],
                     inCombined=not rec["collides"] and bool(ok),
                     predicted=dict(before=finding["wanRoundTrips"]["before"], after=finding["wanRoundTrips"]["after"],
                                    formula=f"{rec.get('formulaBefore')} -> {rec.get('formulaAfter')}") if finding else None)
        scratch.reset()
        alone, msg = scratch.check_apply(rec["path"])
        entry["appliesAlone"] = alone
        if not alone:
            entry["applyError"] = msg
            result["perPatch"].append(entry)
            continue
        touched = [f for f in rec["files"] if f.endswith(".java")]
        key = tuple(compile_set(tree, touched))
        if key not in unpatched_errors:
            unpatched_errors[key] = javac_errors(tree, list(key), classpath, roots, work / "javac")[0]
        scratch.apply(rec["path"])
        patched_set = compile_set(tree, touched)
        errors, _ = javac_errors(tree, patched_set, classpath, roots + [r for r in source_roots_of(tree, touched) if r not in roots], work / "javac")
        new_errors = sorted(errors - unpatched_errors[key])
        entry["compiles"] = not new_errors
        entry["newErrors"] = [f"{f}: {d}" for f, d in new_errors[:10]]
        entry["compiledFiles"] = len(patched_set)
        # re-analysis of the patched copy: check, predict and fix share a cache (same content, same analysis)
        cache = work / "cache"
        shutil.rmtree(cache, ignore_errors=True)
        after = {}
        for cmd in ("check", "predict"):
            out = work / f"after-{cmd}.json"
            rc = quiet(wanlint(jar, cmd, tree, "--format", "json", "-o", out, "--cache", cache, "--fail-on", "never")
                       if cmd == "check" else wanlint(jar, cmd, tree, "--format", "json", "-o", out, "--cache", cache)).returncode
            after[cmd] = json.loads(out.read_text()) if out.exists() and rc in (0, 1) else None
        if after["check"] is None or after["predict"] is None:
            entry["reanalysis"] = "failed"
            result["perPatch"].append(entry)
            continue
        now = after["check"]["findings"]
        if finding:
            entry["findingGone"] = not any(f.get("fingerprint") == finding.get("fingerprint") or same_place(f, finding) for f in now)
            value, why = measured_after(finding, before_eps, round_trips_by_entry(after["predict"]))
            entry["measuredAfter"] = value
            entry["roundTripsAsPredicted"] = value == finding["wanRoundTrips"]["after"] if value is not None else None
            if why:
                entry["roundTripsNote"] = why
        entry["newFindings"] = sorted(f"{f['ruleId']} {loc(f)[2]}.{loc(f)[3]}" for f in now if f.get("fingerprint") not in unpatched_fps)[:10]
        second = quiet(wanlint(jar, "fix", tree, "--out", work / "fix2", "--cache", cache))
        again = attach_findings(parse_fix_output(second.stdout), now)
        replanned = [r for r in again if r["patched"] and finding and r.get("finding") is not None and same_place(now[r["finding"]], finding)]
        entry["secondFixPlansNothing"] = not replanned
        entry["checkSeconds"] = round(time.monotonic() - started, 1)
        result["perPatch"].append(entry)
    scratch.reset()
    return result


def source_roots_of(tree, files):
    return source_roots_files(tree, [tree / f for f in files if (tree / f).exists()])


def source_roots_files(tree, paths):
    roots = set()
    for p in paths:
        m = PACKAGE.search(p.read_bytes()[:20000])
        parent = p.parent
        if m:
            for _ in m.group(1).decode().split("."):
                parent = parent.parent
        roots.add(str(parent))
    return sorted(roots)


# ---------------------------------------------------------------- one app

def evaluate_app(app, corpus, jar, work, labels_dir, patch_limit, api_cache):
    root = corpus / app["export"] / app["root"]
    if not root.is_dir():
        print(f"- {app['name']}: not exported ({root} missing), skipped")
        return None
    print(f"- {app['name']}: {root}", flush=True)
    w = work / app["name"]
    shutil.rmtree(w, ignore_errors=True)
    w.mkdir(parents=True)
    runs = {}
    check_json, predict_json = w / "check.json", w / "predict.json"
    fix_out = w / "fix-out"
    for cmd, args in (("check", ["--format", "json", "-o", check_json]),
                      ("predict", ["--format", "json", "-o", predict_json]),
                      ("fix", ["--out", fix_out])):
        rc, wall, cpu, rss = measured(wanlint(jar, cmd, root, *args), w / f"{cmd}.log")
        runs[cmd] = dict(exit=rc, wallSeconds=wall, cpuSeconds=cpu, peakRssMb=rss, loadAverage=round(os.getloadavg()[0], 1))
        print(f"    {cmd}: exit {rc}, {wall} s wall, {cpu} s CPU, {rss} MB, load {runs[cmd]['loadAverage']}", flush=True)
    report = json.loads(check_json.read_text()) if check_json.exists() else {"findings": [], "diagnostics": []}
    predict = json.loads(predict_json.read_text()) if predict_json.exists() else {"entryPoints": []}
    findings = report.get("findings", [])
    diags = report.get("diagnostics", [])
    labels = read_labels(labels_dir, app["name"])
    scores, matched = score(findings, labels)
    records = attach_findings(parse_fix_output((w / "fix.log").read_text(errors="replace")), findings)
    limit = patch_limit
    if limit == "auto":  # each patch costs a javac and three analyses: a bound keeps a run to minutes
        big = app["optin"] or (runs["check"]["cpuSeconds"] or 0) > 30  # CPU time: wall time depends on the load
        limit = 2 if big else 10
    elif limit == "all":
        limit = None
    else:
        limit = int(limit)
    shipped = [str(p) for p in root.rglob("*.jar")] if limit != 0 else []
    patches = (check_patches(app, jar, root, w, fix_out, records, findings, predict, limit, api_cache, shipped)
               if limit != 0 else dict(patches=sum(1 for r in records if r["patched"]), checked=0, perPatch=[]))
    result = dict(
        name=app["name"], root=str(root), level=app["level"], runs=runs,
        findings=len(findings), findingsByRule=dict(Counter(f["ruleId"] for f in findings)),
        components=len(report.get("components", [])) if isinstance(report.get("components"), list) else report.get("components"),
        entryPoints=len(predict.get("entryPoints", [])),
        diagnostics=len(diags), diagnosticsByLevel=dict(Counter(d.get("level") for d in diags)),
        labelled=labels is not None, labelledAgainst=(labels or {}).get("labelledAgainst"),
        scores=scores, fix=dict(records=len(records), noPatch=sum(1 for r in records if not r["patched"]),
                                noPatchReasons=dict(Counter(re.sub(r"`[^`]*`|\S+\.java:\d+|\([^)]*\)", "…", r["text"])[:60]
                                                            for r in records if not r["patched"]).most_common(8)),
                                **patches))
    (w / "result.json").write_text(json.dumps(result, indent=1) + "\n")  # kept with --work, should a later app fail
    return result


# ---------------------------------------------------------------- tables

def pct(x):
    return "–" if x is None else f"{x:.2f}"


def tables(results, jar_label, date):
    apps = [r for r in results if r]
    out = [f"Jar: {jar_label}; {date}", "",
           "| app | check exit | check wall / CPU s | check peak RSS MB | predict exit, wall / CPU s | fix exit, wall / CPU s | load | components | entry points | findings | diagnostics (error/warning) |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in apps:
        c, p, f = r["runs"]["check"], r["runs"]["predict"], r["runs"]["fix"]
        d = r["diagnosticsByLevel"]
        out.append(f"| {r['name']} | {c['exit']} | {c['wallSeconds']} / {c.get('cpuSeconds')} | {c['peakRssMb']} | "
                   f"{p['exit']}, {p['wallSeconds']} / {p.get('cpuSeconds')} | {f['exit']}, {f['wallSeconds']} / {f.get('cpuSeconds')} | "
                   f"{c.get('loadAverage')} | {r['components']} | {r['entryPoints']} | {r['findings']} | "
                   f"{r['diagnostics']} ({d.get('error', 0)}/{d.get('warning', 0)}) |")
    total = defaultdict(Counter)
    for r in apps:
        for rule, s in r["scores"].items():
            for k, v in s.items():
                if isinstance(v, int):
                    total[rule][k] += v
    out += ["", "Accuracy (all apps; against labels/<app>.json, or --labels DIR):", "",
            "| rule | findings | TP | FP | DUP | UNSURE | unlabelled | precision | known positives | still reported | recall | misses (reported now) | duplicates |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for rule in sorted(total, key=lambda k: (k == "*", k)):
        c = total[rule]
        prec = c["TP"] / (c["TP"] + c["FP"]) if c["TP"] + c["FP"] else None
        rec = c["knownFound"] / c["known"] if c["known"] else None
        out.append(f"| {'all' if rule == '*' else rule} | {c['findings']} | {c['TP']} | {c['FP']} | {c['DUP']} | {c['UNSURE']} | "
                   f"{c['UNLABELLED']} | {pct(prec)} | {c['known']} | {c['knownFound']} | {pct(rec)} | "
                   f"{c['misses']} ({c['missesFound']}) | {c['duplicates']} |")
    out += ["", "Per app:", "", "| app | labelled | findings | unlabelled | precision | recall | duplicates |", "|---|---|---|---|---|---|---|"]
    for r in apps:
        s = r["scores"].get("*", {})
        out.append(f"| {r['name']} | {'yes' if r['labelled'] else 'no'} | {r['findings']} | {s.get('UNLABELLED', 0)} | "
                   f"{pct(s.get('precision'))} | {pct(s.get('recall'))} | {s.get('duplicates', 0)} |")
    out += ["", "Patches (`fix --out`; checked on a scratch git copy of the analysis root):", "",
            "| app | findings without patch | patches | checked | combined applies | apply alone | in combined | compile (no new javac errors) | finding gone | round trips as predicted | 2nd fix plans nothing | adds no finding |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in apps:
        fx = r["fix"]
        pp = fx["perPatch"]

        def count(key):
            vals = [p.get(key) for p in pp]
            known = [v for v in vals if v is not None]
            return f"{sum(1 for v in known if v)}/{len(known)}" if known else "–"
        comb = fx.get("combinedApplies")
        reanalysed = [p for p in pp if "newFindings" in p]
        adds_none = f"{sum(1 for p in reanalysed if not p['newFindings'])}/{len(reanalysed)}" if reanalysed else "–"
        out.append(f"| {r['name']} | {fx['noPatch']} | {fx['patches']} | {fx['checked']} | {'–' if comb is None else ('yes' if comb else 'NO')} | "
                   f"{count('appliesAlone')} | {count('inCombined')} | {count('compiles')} | {count('findingGone')} | "
                   f"{count('roundTripsAsPredicted')} | {count('secondFixPlansNothing')} | {adds_none} |")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", type=Path)
    ap.add_argument("--jar", type=Path, help="the wanlint jar to measure (run.sh passes it)")
    ap.add_argument("--jar-label", default=None, help="how the tables name the jar (default: its path)")
    ap.add_argument("--apps", default="", help="comma-separated eval names (default: all but opt-in ones)")
    ap.add_argument("--with-optin", action="store_true", help="also the opt-in apps (heliumv)")
    ap.add_argument("--patches", default="auto", help="patches checked per app: N, all, or auto (the first 10; 2 for opt-in apps and apps whose check takes over 30 s of CPU)")
    ap.add_argument("--work", type=Path, default=None, help="scratch folder (default: a temporary one, removed)")
    ap.add_argument("--labels", type=Path, default=HERE / "labels", help="folder of <app>.json labels (default: labels/ here)")
    ap.add_argument("--rescore", action="store_true",
                    help="run nothing: score the check.json files a run kept in --work against the labels again, and update --out's results")
    ap.add_argument("--out", type=Path, default=HERE, help="where results.json and results.md go")
    ap.add_argument("--api-cache", type=Path, default=Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "wanlint-eval-api")
    a = ap.parse_args()
    wanted = [s for s in a.apps.split(",") if s]
    apps = [x for x in read_manifest(HERE / "apps.tsv")
            if ((x["name"] in wanted) if wanted else (a.with_optin or not x["optin"]))]
    if wanted and len(apps) != len(wanted):
        sys.exit("unknown app(s): " + ", ".join(set(wanted) - {x["name"] for x in apps}))
    if a.rescore:
        rescore(a)
        return
    if a.jar is None:
        sys.exit("--jar JAR is needed")
    work = a.work or Path(tempfile.mkdtemp(prefix="wanlint-eval-"))
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    results = []
    try:
        for app in apps:
            results.append(evaluate_app(app, a.corpus.resolve(), a.jar.resolve(), work, a.labels, a.patches, a.api_cache))
    finally:
        if a.work is None:
            shutil.rmtree(work, ignore_errors=True)
    label = a.jar_label or str(a.jar)
    table = tables(results, label, date)
    a.out.mkdir(parents=True, exist_ok=True)
    (a.out / "results.json").write_text(json.dumps(dict(jar=label, date=date, corpus=str(a.corpus),
                                                        apps=[r for r in results if r]), indent=1) + "\n")
    (a.out / "results.md").write_text(table)
    print()
    print(table)


def rescore(a):
    """New labels, same run: re-scores the findings a kept --work folder holds; runs and patch checks stay as measured."""
    if a.work is None:
        sys.exit("--rescore needs the --work folder of an earlier run")
    previous = json.loads((a.out / "results.json").read_text())
    for r in previous["apps"]:
        check = a.work / r["name"] / "check.json"
        findings = json.loads(check.read_text()).get("findings", []) if check.exists() else []
        labels = read_labels(a.labels, r["name"])
        r["scores"], _ = score(findings, labels)
        r["labelled"], r["labelledAgainst"] = labels is not None, (labels or {}).get("labelledAgainst")
    table = tables(previous["apps"], previous["jar"], previous["date"] + " (labels re-scored " +
                   datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC") + ")")
    (a.out / "results.json").write_text(json.dumps(previous, indent=1) + "\n")
    (a.out / "results.md").write_text(table)
    print(table)


if __name__ == "__main__":
    main()
