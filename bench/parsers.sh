#!/usr/bin/env bash
# JavaParser and javac's parser side by side on the same Java files, one thread, median CPU seconds:
#   bench/parsers.sh DIR [ROUNDS [CLASSPATH]]
# DIR is read only (every *.java under it); ROUNDS (default 4) includes one warm-up round that is not
# counted; a third row is javac parsing, entering and attributing every file in one task (CLASSPATH:
# extra jars for it). Runs io.wanlint.bench.ParserSpeed on wanlint.jar's class path (./wanlint builds
# the jar when it is stale), which holds JavaParser. The figure behind the parser choice of issue 22.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
[ $# -ge 1 ] && [ $# -le 3 ] || { echo "usage: bench/parsers.sh DIR [ROUNDS [CLASSPATH]]" >&2; exit 2; }
[ -d "$1" ] || { echo "parsers.sh: not a folder: $1" >&2; exit 2; }
"$root/wanlint" --version >/dev/null
(cd "$root" && { mvn -B -q -o -pl bench compile || mvn -B -q -pl bench compile; }) >/dev/null
exec java -Xss8m -Xmx3g -cp "$here/target/classes:$root/cli/target/wanlint.jar" io.wanlint.bench.ParserSpeed "$@"
