#!/usr/bin/env bash
# The javac front end against JavaParser on every Java file of a folder, one thread:
#   bench/frontends.sh DIR [ROUNDS]
# Prints the files converted from javac's tree, those that fell back to JavaParser (by reason), those
# whose converted tree DIFFERS from JavaParser's (with the first difference: path of child indexes,
# node, property or range), then ROUNDS timed rounds after a warm-up (default 3; 0 for none) and the
# median CPU seconds of both paths (the javac path including JavaParser's parse of the files that fell
# back). -Dwanlint.showFallbacks=true in JAVA_OPTS lists each file that fell back. DIR is read only.
# Runs io.wanlint.analyzer.ingest.FrontEndComparison on wanlint.jar (./wanlint builds it when stale).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: bench/frontends.sh DIR [ROUNDS]" >&2; exit 2; }
[ -d "$1" ] || { echo "frontends.sh: not a folder: $1" >&2; exit 2; }
"$root/wanlint" --version >/dev/null
exec java -Xss64m -Xmx4g ${JAVA_OPTS:-} -cp "$root/cli/target/wanlint.jar" io.wanlint.analyzer.ingest.FrontEndComparison "$@"
