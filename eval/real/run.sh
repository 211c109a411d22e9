#!/usr/bin/env bash
# Measures wanlint on the real applications of apps.tsv that are exported under CORPUS_DIR
# (how to export them: README.md here). Not part of the Maven build.
#
#   eval/real/run.sh CORPUS_DIR [--apps a,b] [--with-optin] [--jar JAR] [--patches N|all|auto] [--work DIR]
#   eval/real/run.sh CORPUS_DIR --work DIR --rescore     (after new labels: score a kept run again)
#
# Without --jar it builds this checkout's jar (cli/target/wanlint.jar, `mvn package`, never install).
# Writes eval/real/results.json and results.md and prints the tables.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
if [ $# -lt 1 ] || [ "${1#-}" != "$1" ]; then
  sed -n '2,9p' "$0" >&2
  exit 2
fi
corpus="$1"; shift
jar=""
rest=()
while [ $# -gt 0 ]; do
  case "$1" in
    --jar) jar="$2"; shift 2 ;;
    --jar=*) jar="${1#--jar=}"; shift ;;
    --rescore) exec python3 "$here/evaluate.py" "$corpus" ${rest[@]+"${rest[@]}"} "$@" ;;
    *) rest+=("$1"); shift ;;
  esac
done
if [ -z "$jar" ]; then
  jar="$repo/cli/target/wanlint.jar"
  newer=""
  [ -f "$jar" ] && newer="$(find "$repo/pom.xml" "$repo/analyzer" "$repo/rules" "$repo/refactorings" "$repo/report" "$repo/cli" \
      -path '*/target' -prune -o -path '*/src/test' -prune -o -type f -newer "$jar" -print -quit 2>/dev/null)"
  if [ ! -f "$jar" ] || [ -n "$newer" ]; then
    echo "building $jar (mvn package)..." >&2
    (cd "$repo" && mvn -q -B -o -DskipTests -pl cli -am package) >&2
  fi
  label="$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$repo" diff --quiet HEAD 2>/dev/null || echo '+changes') (this checkout)"
else
  label="$jar"
fi
exec python3 "$here/evaluate.py" "$corpus" --jar "$jar" --jar-label "$label" ${rest[@]+"${rest[@]}"}
