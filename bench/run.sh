#!/usr/bin/env bash
# Benchmark of `wanlint check` on generated J2EE applications, side by side with PMD 7 (quickstart).
#
#   bench/run.sh [--sizes 50000,200000,500000] [--runs 3] [--seed 42] [--no-pmd] [--xmx 4g]
#                [--edits body,signature,jsp]
#   bench/run.sh --real DIR [--runs 3] [--no-pmd] [--xmx 4g] [--no-cache]
#
# With --real DIR, an exported real application (read only) is measured instead of generated ones:
# the same wanlint and PMD runs on DIR, and with --cache a cold run and an unchanged re-run (no
# edits: the sources are not ours to change); its files and lines are counted, it has no expected
# findings. --no-cache leaves out the --cache runs (on any application).
#
# For each size: generates the application once (bench/target/apps/app-SIZE, with expected.json),
# runs `wanlint check APP --format json --timings --fail-on never` RUNS times under /usr/bin/time -v
# with a heap cap (-Xmx, default 4g) and a GC log, runs PMD the same number of times, then prints a
# table of medians and writes bench/target/results.json. With `--cache DIR` in `wanlint check
# --help`, it also measures, RUNS times each: a cold run into an empty cache, an unchanged re-run,
# then per edit (bench/edit.py: `body` adds a call statement inside a servlet method, `signature`
# adds a public method to a session bean, `jsp` adds a scriptlet line to a page) a re-run after the
# edit, the edit undone, and checks every
# cached report byte for byte against an uncached run of the same sources.
# Nothing here is part of `mvn verify`.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
target="$here/target"
sizes="50000,200000,500000"
runs=3
seed=42
pmd=1
xmx=4g
edits="body,signature,jsp"
real=""
cache_runs=1
while [ $# -gt 0 ]; do
  case "$1" in
    --sizes) sizes="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --no-pmd) pmd=0; shift ;;
    --xmx) xmx="$2"; shift 2 ;;
    --edits) edits="$2"; shift 2 ;;
    --real) real="$2"; shift 2 ;;
    --no-cache) cache_runs=0; shift ;;
    -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$runs" in ''|*[!0-9]*|0) echo "run.sh: --runs needs a positive number" >&2; exit 2 ;; esac
if [ -n "$real" ]; then
  [ -d "$real" ] || { echo "run.sh: --real needs a folder, not '$real'" >&2; exit 2; }
  real="$(cd "$real" && pwd)"
  # The label in the tables and results.json; the sources are never edited, so no edit runs.
  sizes="$(basename "$real")"
  edits=""
fi
IFS=',' read -r -a edit_list <<<"$edits"
for e in "${edit_list[@]}"; do
  case "$e" in body|signature|jsp) ;; *) echo "run.sh: --edits takes body, signature and/or jsp, not '$e'" >&2; exit 2 ;; esac
done

log() { echo "bench: $*" >&2; }
command -v python3 >/dev/null || { echo "run.sh: python3 is needed to compute medians" >&2; exit 2; }
if [ ! -x /usr/bin/time ]; then
  log "installing GNU time (Debian package 'time') for peak RSS and CPU time"
  if command -v apt-get >/dev/null; then
    (apt-get install -y -q time >/dev/null 2>&1 || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q time >/dev/null 2>&1; }) \
      || { echo "run.sh: cannot install /usr/bin/time" >&2; exit 2; }
  else
    echo "run.sh: /usr/bin/time (GNU time) is missing" >&2; exit 2
  fi
fi

mkdir -p "$target/apps" "$target/runs"
rm -rf "$target/runs"/*

# An edited application is always put back, even when the run is interrupted (and at the next start,
# should a previous run have been killed), so the generated sources stay what the seed gives.
backup="$target/edit-backup"
restore_edit() { python3 "$here/edit.py" restore "$backup"; }
trap restore_edit EXIT
trap 'restore_edit; exit 130' INT TERM
restore_edit

# 1. The wanlint jar (./wanlint builds it when stale) and the generator.
log "building wanlint (./wanlint --version)"
if ! version="$("$root/wanlint" --version 2>"$target/build.log")"; then
  echo "run.sh: building wanlint failed; see $target/build.log" >&2; tail -20 "$target/build.log" >&2; exit 1
fi
log "$version"
log "compiling the generator"
(cd "$root" && { mvn -B -q -o -pl bench compile || mvn -B -q -pl bench compile; }) >"$target/generator-build.log" 2>&1 \
  || { echo "run.sh: compiling bench failed; see $target/generator-build.log" >&2; exit 1; }

# 2. PMD 7: not on Central as a binary zip, so resolve pmd-cli + pmd-java with Maven into target/pmd/lib.
pmd_version="$(sed -n 's:.*<pmd.version>\(.*\)</pmd.version>.*:\1:p' "$here/pmd/pom.xml")"
# PMD's auxiliary classpath: the Java EE and RMI API jars the generated code compiles against, copied by
# Maven into target/pmd/aux (never read from a path outside the repository); PMD runs without them if
# they cannot be resolved.
aux=""
if [ "$pmd" = 1 ]; then
  for artifact in javax:javaee-api:8.0.1 org.jboss.spec.javax.rmi:jboss-rmi-api_1.0_spec:1.0.6.Final; do
    IFS=: read -r _ a v <<<"$artifact"
    [ -f "$target/pmd/aux/$a-$v.jar" ] && continue
    mvn -B -q -f "$here/pmd/pom.xml" org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy -Dartifact="$artifact" \
        -DoutputDirectory="$target/pmd/aux" >>"$target/pmd-resolve.log" 2>&1 \
      || log "cannot resolve $artifact (see $target/pmd-resolve.log): PMD runs without it"
  done
  for jar in "$target/pmd/aux"/*.jar; do [ -f "$jar" ] && aux="${aux:+$aux:}$jar"; done
fi
if [ "$pmd" = 1 ] && ! ls "$target/pmd/lib"/pmd-java-*.jar >/dev/null 2>&1; then
  log "resolving PMD $pmd_version (pmd-cli + pmd-java) from Maven Central"
  if ! mvn -B -q -f "$here/pmd/pom.xml" org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies \
        -DoutputDirectory="$target/pmd/lib" >"$target/pmd-resolve.log" 2>&1; then
    log "cannot resolve PMD (see $target/pmd-resolve.log): the PMD comparison is skipped"
    pmd=0
  fi
fi

has_cache=0
if [ "$cache_runs" = 1 ] && "$root/wanlint" check --help 2>/dev/null | grep -q -- '--cache'; then has_cache=1; fi

# Runs one measured command; $1 = run directory, rest = command. Keeps exit code, time -v, stdout, stderr.
measure() {
  local dir="$1"; shift
  mkdir -p "$dir"
  /usr/bin/time -v -o "$dir/time.txt" "$@" >"$dir/stdout.txt" 2>"$dir/stderr.txt"
  echo $? >"$dir/exit"
}

wanlint_run() { # dir app [extra args]
  local dir="$1" app="$2"; shift 2
  mkdir -p "$dir"
  WANLINT_JAVA_OPTS="-Xss8m -Xmx$xmx -Xlog:gc:file=$dir/gc.log" \
    measure "$dir" "$root/wanlint" check "$app" --format json -o "$dir/report.json" --timings --fail-on never "$@"
  local rc; rc="$(cat "$dir/exit")"
  if [ "$rc" -ge 2 ]; then
    log "  wanlint failed (exit $rc): $(grep -m1 -i 'error' "$dir/stderr.txt" || head -1 "$dir/stderr.txt")"
  fi
}

IFS=',' read -r -a size_list <<<"$sizes"
for size in "${size_list[@]}"; do
  app="$target/apps/app-$size"
  pmd_src="$app/src"
  if [ -n "$real" ]; then
    # What the tables print for a real application: its files and Java lines (no expected findings).
    mkdir -p "$app"
    app_expected="$app/expected.json"
    app="$real"
    pmd_src="$real"
    python3 - "$real" "$app_expected" <<'PY'
import json, os, sys
root, out = sys.argv[1], sys.argv[2]
files = java = lines = 0
for d, _, names in os.walk(root):
    for n in names:
        files += 1
        if n.endswith(".java"):
            java += 1
            with open(os.path.join(d, n), "rb") as f:
                lines += f.read().count(b"\n")
json.dump({"real": root, "files": files, "javaFiles": java, "lines": lines}, open(out, "w"))
PY
  elif [ ! -f "$app/expected.json" ] || ! grep -q "\"seed\": $seed," "$app/expected.json"; then
    rm -rf "$app"
    log "generating $size lines (seed $seed) into $app"
    java -cp "$here/target/classes" io.wanlint.bench.GenerateApp --lines "$size" --seed "$seed" --out "$app" >&2 \
      || { echo "run.sh: generating $size lines failed" >&2; exit 1; }
  fi
  for i in $(seq 1 "$runs"); do
    log "size $size: wanlint run $i/$runs"
    wanlint_run "$target/runs/$size/wanlint-$i" "$app"
    if [ "$pmd" = 1 ]; then
      log "size $size: PMD run $i/$runs"
      measure "$target/runs/$size/pmd-$i" java -Xmx"$xmx" -cp "$target/pmd/lib/*" net.sourceforge.pmd.cli.PmdCli check \
        -d "$pmd_src" -R rulesets/java/quickstart.xml -f text --no-cache --no-progress ${aux:+--aux-classpath "$aux"} \
        -r "$target/runs/$size/pmd-$i/report.txt"
    fi
  done
  if [ "$has_cache" = 1 ]; then
    # The reference report of each edited application: one uncached run of the edited sources.
    for e in ${edit_list[@]+"${edit_list[@]}"}; do
      where="$(python3 "$here/edit.py" apply "$e" "$app" "$backup")" || exit 1
      echo "$where" >"$target/runs/$size/edit-$e.txt"
      log "size $size: uncached reference run with the $e edit ($where)"
      wanlint_run "$target/runs/$size/uncached-$e-edit" "$app"
      restore_edit
    done
    # Per run: a cold run into an empty cache, an unchanged re-run, then per edit a re-run after the
    # edit; once it is undone, a re-run brings the cache back to the original sources (measured too,
    # as `E-revert`) before the next edit, so every edit starts from the unchanged application's cache.
    cache="$target/runs/$size/cache-dir"
    for i in $(seq 1 "$runs"); do
      rm -rf "$cache"
      log "size $size: incremental run $i/$runs (cold with --cache, unchanged re-run, edits: $edits)"
      wanlint_run "$target/runs/$size/cache-cold-$i" "$app" --cache "$cache"
      wanlint_run "$target/runs/$size/cache-unchanged-$i" "$app" --cache "$cache"
      n=0
      for e in ${edit_list[@]+"${edit_list[@]}"}; do
        n=$((n + 1))
        python3 "$here/edit.py" apply "$e" "$app" "$backup" >/dev/null || exit 1
        wanlint_run "$target/runs/$size/cache-$e-edit-$i" "$app" --cache "$cache"
        restore_edit
        if [ "$n" -lt "${#edit_list[@]}" ]; then
          wanlint_run "$target/runs/$size/cache-$e-revert-$i" "$app" --cache "$cache"
        fi
      done
    done
    rm -rf "$cache"
  fi
done

python3 "$here/summarize.py" --runs-dir "$target/runs" --apps-dir "$target/apps" --sizes "$sizes" \
  --out "$target/results.json" --wanlint-version "$version" --pmd-version "$([ "$pmd" = 1 ] && echo "$pmd_version" || echo none)" \
  --cache "$has_cache" --xmx "$xmx" --edits "$edits"
