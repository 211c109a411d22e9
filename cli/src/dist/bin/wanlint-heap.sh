# Sourced by both of wanlint's launchers (bin/wanlint of the distribution, ./wanlint of a checkout):
# one definition of how the starting heap follows the input, as each launcher passes it to the JVM.
# POSIX sh; defines a function and nothing else.

# The starting heap for the command line "$@", as a percentage of the memory (read by the JVM as
# -XX:InitialRAMPercentage, which -Xmx caps, where an -Xms above -Xmx would stop the JVM): 44 bytes
# of heap per byte of the analysed sources when that is more than a tenth of the memory, else 10.
# The sources are the .java and .jsp files under the analysis commands' paths and the archives given
# as paths, by their size; option values (--cache DIR, -o FILE, --exclude GLOB...) are not paths.
# Prints 10 when in doubt (another command, no /proc/meminfo, no GNU find).
heap_percent() {
  ram=""; command=""; skip=0; many=0; rest=0; bytes=0
  while read -r key value _; do
    if [ "$key" = "MemTotal:" ]; then ram=$((value * 1024)); fi
  done </proc/meminfo
  # A container's limit, as the JVM reads it (cgroup v2, then v1).
  for limit_file in /sys/fs/cgroup/memory.max /sys/fs/cgroup/memory/memory.limit_in_bytes; do
    limit="$(cat "$limit_file" 2>/dev/null)" || continue
    case "$limit" in ''|*[!0-9]*) ;; *) if [ "$limit" -lt "$ram" ]; then ram="$limit"; fi ;; esac
  done
  for arg in "$@"; do
    if [ -z "$command" ]; then
      case "$arg" in check|fix|graph|predict|baseline) command="$arg" ;; -*) ;; *) break ;; esac
      continue
    fi
    if [ "$rest" = 0 ]; then
      if [ "$skip" = 1 ]; then skip=0; continue; fi
      if [ "$skip" = 2 ]; then
        # predict --compare takes the next argument only when it names a preset or a topology file.
        skip=0
        case ",$(printf '%s' "$arg" | tr 'A-Z' 'a-z' | sed 's/[[:space:]]*,[[:space:]]*/,/g')," in
          *,edge,*|*,centralized,*|*,edge-db,*|*,edge-cache,*|*,cluster,*|*.yaml,*|*.yml,*|*.json,*) continue ;;
        esac
      fi
      case "$arg" in
        --) rest=1; continue ;;
        --topology|--config|--cache|--output|--format|--fail-on|--ide|--ide-root|--source-root|--help-base-uri\
        |--baseline|--changed-since|--classpath|--out|--reanalyse-budget|--kind|--from|--module|--site|--depth\
        |--collapse|-o|-[qhV]o|-[qhV][qhV]o) skip=1; many=0; continue ;;
        --exclude|--rule|--exclude=*|--rule=*) many=1; continue ;;
        --compare) skip=2; many=0; continue ;;
        -*) many=0; continue ;;
      esac
      if [ "$many" = 1 ]; then continue; fi
    fi
    if [ -d "$arg" ]; then
      size="$(find "$arg" -type f \( -name '*.java' -o -name '*.jsp' \) -printf '%s\n' | awk '{ s += $1 } END { printf "%.0f\n", s }')"
    elif [ -f "$arg" ]; then
      size="$(wc -c <"$arg")"
    else
      size=0
    fi
    bytes=$((bytes + size))
  done
  hundredths=$((bytes * 44 * 10000 / ram))
  if [ "$hundredths" -le 1000 ]; then echo 10
  elif [ "$hundredths" -ge 10000 ]; then echo 100
  else printf '%d.%02d\n' $((hundredths / 100)) $((hundredths % 100))
  fi
}
