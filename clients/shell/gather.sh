#!/usr/bin/env bash
# gather.sh: talk to gatherd from the shell (bash, socat, jq).
# Run "gather.sh -h" for usage.

set -u
set -o pipefail

prog=${0##*/}

usage() {
  cat <<EOF
Usage: $prog [-s SOCKET] call METHOD [JSON-PARAMS]
       $prog [-s SOCKET] watch [TOPICS...]
       $prog -h

call   Sends one JSON-RPC request and prints its result, pretty-printed by jq. When gatherd refuses,
       prints its message on stderr and exits 1.
         $prog call players.create '{"name":"Ana","position":"ST"}'
         $prog call timer.start
watch  Subscribes to TOPICS (tick score timer gather players; default all) and prints one line per
       event until gatherd closes the connection or the script is stopped:
         tick 07:32 | tick 00:00 +0:30 (added time) | tick HT 04:12 (the break) | tick FT (full time)
         score 2-1 | score 1-1 undo | score 3-0 correction
         timer started 10:00      gather started 7 | gather ended 7 2-1 teamA
         players created 3 Ana

Socket: -s SOCKET, else \$GATHERD_SOCKET, else /run/gatherd/gatherd.sock for root and
\$XDG_RUNTIME_DIR/gatherd/gatherd.sock for anyone else.
Exit status: 0 ok, 1 refused by gatherd (message on stderr), 2 usage error, 3 cannot reach gatherd
(or, for watch, gatherd closed the connection).
Needs bash, socat and jq.
EOF
}

# A jq function for text gatherd sends that people typed (names, places, notes, messages that quote them): each
# control or formatting character (Unicode Cc, Cf, Zl, Zp) becomes a visible \u{1B}-style escape, as gatherctl
# prints it, so that a name cannot clear or retitle the terminal or start a line of its own.
jq_safe='
  def hex: [recurse(if . >= 16 then (. / 16 | floor) else empty end) | . % 16] | reverse
    | map("0123456789ABCDEF"[.:.+1]) | join("");
  def safe: gsub("(?<c>[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}])"; "\\u{" + (.c | explode[0] | hex) + "}");'

die() { # STATUS MESSAGE
  printf '%s: %s\n' "$prog" "$2" >&2
  exit "$1"
}

default_socket() {
  if [ -n "${GATHERD_SOCKET:-}" ]; then
    printf '%s\n' "$GATHERD_SOCKET"
  elif [ "$(id -u)" -eq 0 ]; then
    printf '%s\n' /run/gatherd/gatherd.sock
  else
    printf '%s\n' "${XDG_RUNTIME_DIR:-/run/user/$(id -u)}/gatherd/gatherd.sock"
  fi
}

# request METHOD [PARAMS-JSON]: one compact JSON-RPC request with id 1.
request() {
  jq -nc --arg m "$1" --argjson p "${2:-null}" \
    '{jsonrpc: "2.0", id: 1, method: $m} + (if $p == null then {} else {params: $p} end)'
}

cmd_call() {
  if [ $# -lt 1 ] || [ $# -gt 2 ]; then usage >&2; exit 2; fi
  local params=${2:-null} req reply
  jq -e 'type == "object" or type == "array" or type == "null"' >/dev/null 2>&1 <<<"$params" ||
    die 2 "JSON-PARAMS must be a JSON object: $params"
  req=$(request "$1" "$params") || die 2 "JSON-PARAMS is not valid JSON: $params"
  reply=$(printf '%s\n' "$req" | socat -t 10 - "UNIX-CONNECT:$socket" 2>/dev/null)
  [ -n "$reply" ] || die 3 "cannot reach gatherd at $socket"
  if jq -e 'has("error")' >/dev/null <<<"$reply"; then
    jq -r "$jq_safe"' .error.message | safe' <<<"$reply" >&2
    exit 1
  fi
  jq '.result' <<<"$reply"
}

# One line per message; lines that start with "!" are for the loop in cmd_watch, not for the user. Every line is
# passed through safe, so a name never prints a control character or breaks the line.
# The clock reads as a status bar shows it: "07:32", "00:00 +0:30" in added time, in the break its name and time
# left, "HT 04:12" at half time and "Break 04:12" between other periods (from breakName and remainingMs, which the
# tick that ends a period already carries), "FT" at full time.
# shellcheck disable=SC2016  # jq's \(...), not the shell's
watch_filter=$jq_safe'
  def two: tostring | if length < 2 then "0" + . else . end;
  def clock:
    if .state == "finished" then "FT"
    elif .state == "break" then ((.remainingMs + 999) / 1000 | floor) as $s | "\(.breakName) \($s / 60 | floor | two):\($s % 60 | two)"
    else .display + (if .added then " " + .added else "" end)
    end;
  if has("id") then
    if has("error") then "!error \(.error.message)" else "!subscribed \(.result.subscription)" end
  else
    .params as $p
    | if .method == "tick" then "tick \($p | clock)"
      elif .method == "score" then
        "score \($p.score.text)" + (if $p.change == "goal" then "" else " \($p.change)" end)
      elif .method == "timer" then "timer \($p.change) \($p.timer | clock)"
      elif .method == "gather" then
        "gather \($p.change) \($p.id)"
        + (if $p.change == "ended" then " \($p.gather.score.text) \($p.gather.winner)" else "" end)
      elif .method == "players" then
        "players \($p.change) \($p.id)" + (if $p.player then " \($p.player.name)" else "" end)
      elif .method == "events.overflow" then "!overflow \($p.message)"
      else "\(.method) \($p | tostring)"
      end
  end
  | safe'

cmd_watch() {
  local topics=() arg t req line subscribed=0
  for arg in "$@"; do
    IFS=', ' read -r -a t <<<"$arg"
    topics+=("${t[@]}")
  done
  if [ ${#topics[@]} -gt 0 ]; then
    req=$(request events.subscribe "$(jq -nc '{topics: $ARGS.positional}' --args "${topics[@]}")")
  else
    req=$(request events.subscribe)
  fi

  # socat reads the request from a FIFO that this shell also holds open for writing, so socat never
  # sees the end of its input and the connection stays open for the events.
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/gather-watch.XXXXXX") || die 1 "cannot make a temporary folder"
  socat_pid=
  trap 'exec 3>&-; [ -z "$socat_pid" ] || kill "$socat_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  trap 'exit 141' PIPE
  mkfifo "$tmp/in" "$tmp/out" || die 1 "cannot make FIFOs in $tmp"
  exec 3<>"$tmp/in"
  printf '%s\n' "$req" >&3
  socat - "UNIX-CONNECT:$socket" <&3 >"$tmp/out" 2>"$tmp/err" 3>&- &
  socat_pid=$!

  while IFS= read -r line; do
    case $line in
      '!subscribed '*) subscribed=1 ;;
      '!error '*) die 1 "${line#!error }" ;;
      '!overflow '*) die 3 "${line#!overflow }" ;;
      *) printf '%s\n' "$line" 2>/dev/null || exit 141 ;;
    esac
  done < <(jq --unbuffered -r "$watch_filter" <"$tmp/out")

  [ "$subscribed" = 1 ] || die 3 "cannot reach gatherd at $socket"
  die 3 "gatherd closed the connection"
}

socket=
while [ $# -gt 0 ]; do
  case $1 in
    -h|--help) usage; exit 0 ;;
    -s|--socket) [ $# -ge 2 ] || { usage >&2; exit 2; }; socket=$2; shift 2 ;;
    --socket=*) socket=${1#*=}; shift ;;
    --) shift; break ;;
    -*) printf '%s: unknown option %s\n' "$prog" "$1" >&2; usage >&2; exit 2 ;;
    *) break ;;
  esac
done
[ -n "$socket" ] || socket=$(default_socket)
for tool in socat jq; do
  command -v "$tool" >/dev/null || die 2 "$tool is needed: apt-get install socat jq"
done

command=${1:-}
[ $# -gt 0 ] && shift
case $command in
  call) cmd_call "$@" ;;
  watch) cmd_watch "$@" ;;
  '') usage >&2; exit 2 ;;
  *) printf '%s: unknown command %s\n' "$prog" "$command" >&2; usage >&2; exit 2 ;;
esac
