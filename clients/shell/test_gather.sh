#!/usr/bin/env bash
# Tests for gather.sh against a real gatherd.
#
#   GATHERD_BIN=/path/to/gatherd clients/shell/test_gather.sh
#
# GATHERD_BIN defaults to <repo>/.build/debug/gatherd. The daemon runs in a temporary folder that is
# removed at the end, whatever happens. Waits poll a condition with a deadline; nothing sleeps blindly.
# Prints "N passed, N failed" and exits 1 when anything failed.

set -u

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
gatherd=${GATHERD_BIN:-$repo/.build/debug/gatherd}
gather=$here/gather.sh
passed=0
failed=0
daemon_pid=
watch_pid=

[ -x "$gatherd" ] || { echo "no gatherd binary at $gatherd (set GATHERD_BIN)" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gather-sh-test.XXXXXX")
cleanup() {
  [ -z "$watch_pid" ] || kill "$watch_pid" 2>/dev/null
  if [ -n "$daemon_pid" ]; then
    kill "$daemon_pid" 2>/dev/null
    wait "$daemon_pid" 2>/dev/null
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

sock=$tmp/gatherd.sock
export GATHERD_SOCKET=$sock # gather.sh finds the daemon through the variable; -s is tested below

pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1${2:+: $2}"; }
check() { # NAME COMMAND...: passes when the command succeeds
  local name=$1; shift
  if "$@"; then pass "$name"; else fail "$name"; fi
}

# wait_for SECONDS COMMAND...: poll COMMAND every 50 ms until it succeeds or the deadline passes.
wait_for() {
  local deadline=$((SECONDS + $1)); shift
  until "$@"; do
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.05
  done
}

# wait_exit PID SECONDS: wait for a child to end, at most SECONDS; its exit status, or 124 on timeout.
wait_exit() {
  local pid=$1
  gone() { ! kill -0 "$pid" 2>/dev/null; }
  wait_for "$2" gone || { kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; return 124; }
  wait "$pid"
}

"$gatherd" --socket "$sock" --database "$tmp/gather.sqlite" --log-level warning 2>"$tmp/gatherd.log" &
daemon_pid=$!
ready() { "$gather" call daemon.ping >/dev/null 2>&1 || ! kill -0 "$daemon_pid" 2>/dev/null; }
if ! wait_for 10 ready || ! kill -0 "$daemon_pid" 2>/dev/null; then
  echo "gatherd did not come up; its log:" >&2
  cat "$tmp/gatherd.log" >&2
  exit 1
fi

# call: a success prints the result.
out=$("$gather" call players.create '{"name":"Ana","position":"ST"}' 2>"$tmp/err"); rc=$?
if [ $rc -eq 0 ] && [ "$(jq -r '.name + " " + .positionAcronym' <<<"$out")" = "Ana ST" ] && [ ! -s "$tmp/err" ]; then
  pass "call players.create prints the player"
else
  fail "call players.create prints the player" "rc=$rc out=$out err=$(cat "$tmp/err")"
fi
ana=$(jq .id <<<"$out")
bea=$("$gather" -s "$sock" call players.create '{"name":"Bea","position":"GK"}' | jq .id)
check "-s SOCKET works too" [ "$bea" = $((ana + 1)) ]
out=$("$gather" call players.list | jq -r '[.players[].name] | join(",")')
check "call without params" [ "$out" = "Ana,Bea" ]

# call: a refusal exits 1 with the daemon's message on stderr and nothing on stdout.
out=$("$gather" call timer.start 2>"$tmp/err"); rc=$?
if [ $rc -eq 1 ] && [ -z "$out" ] && grep -qx 'There is no active gather; start one first.' "$tmp/err"; then
  pass "a refusal exits 1 with the message on stderr"
else
  fail "a refusal exits 1 with the message on stderr" "rc=$rc out=$out err=$(cat "$tmp/err")"
fi
"$gather" call players.create '{"name":"Old","age":300}' >/dev/null 2>"$tmp/err"; rc=$?
check "invalid params exit 1" [ $rc -eq 1 ]
check "invalid params explain" grep -q 'age' "$tmp/err"

# call: unreachable exits 3, naming the socket.
"$gather" -s "$tmp/missing.sock" call daemon.ping >/dev/null 2>"$tmp/err"; rc=$?
check "unreachable exits 3" [ $rc -eq 3 ]
check "unreachable names the socket" grep -q "$tmp/missing.sock" "$tmp/err"
GATHERD_SOCKET=$tmp/missing.sock "$gather" call daemon.ping >/dev/null 2>&1; rc=$?
check "GATHERD_SOCKET is used" [ $rc -eq 3 ]
"$gather" call players.create '{oops' >/dev/null 2>&1; rc=$?
check "bad JSON params exit 2" [ $rc -eq 2 ]
"$gather" -h | grep -q '^Usage:'; check "-h prints usage" [ $? -eq 0 ]

# watch: ticks of a 3-second clock, in order, down to full time.
"$gather" call gather.start "{\"teamA\":[$ana],\"teamB\":[$bea]}" >/dev/null
timer=$("$gather" call timer.set '{"seconds":3}' | jq -r .display)
check "timer.set 3 s" [ "$timer" = "00:03" ]
"$gather" watch tick score timer >"$tmp/watch.out" 2>"$tmp/watch.err" &
watch_pid=$!
# The watcher is subscribed once daemon.status counts a subscription.
subscribed() { [ "$("$gather" call daemon.status | jq .subscriptions)" -ge 1 ]; }
check "watch subscribes" wait_for 10 subscribed
"$gather" call timer.start >/dev/null
"$gather" call score.goal "{\"team\":\"teamA\",\"player\":$ana}" >/dev/null
state=$("$gather" call timer.pause | jq -r .state)
check "timer.pause pauses" [ "$state" = "paused" ]
state=$("$gather" call timer.resume | jq -r .state)
check "timer.resume resumes" [ "$state" = "running" ]
check "the last tick reads FT" wait_for 10 grep -qx 'tick FT' "$tmp/watch.out"
check "the finished timer event follows" wait_for 5 grep -qx 'timer finished FT' "$tmp/watch.out"
ticks=$(grep '^tick ' "$tmp/watch.out" | tr '\n' ' ')
check "ticks in order" [ "$ticks" = "tick 00:02 tick 00:01 tick FT " ]
check "score line" grep -qx 'score 1-0' "$tmp/watch.out"
check "timer started line" grep -qx 'timer started 00:03' "$tmp/watch.out"
check "nothing on stderr" [ ! -s "$tmp/watch.err" ]
socat_pid=$(pgrep -P "$watch_pid" -x socat)
check "watch runs one socat" [ -n "$socat_pid" ]
kill "$watch_pid"
wait_exit "$watch_pid" 5; rc=$?
watch_pid=
check "the watcher exits 143 on SIGTERM" [ $rc -eq 143 ]
socat_gone() { [ -z "$socat_pid" ] || ! kill -0 "$socat_pid" 2>/dev/null; }
check "the watcher leaves no socat behind" wait_for 5 socat_gone
"$gather" call score.goal '{"team":"teamB"}' >/dev/null
no_subscriptions() { [ "$("$gather" call daemon.status | jq .subscriptions)" -eq 0 ]; }
check "the watcher's subscription is gone" wait_for 5 no_subscriptions

# The match ends and goes into the history.
result=$("$gather" call gather.end | jq -r '.score.text + " " + .winner')
check "gather.end records the score and the winner" [ "$result" = "1-1 none" ]
history=$("$gather" call gathers.list | jq -r '.gathers[0].score.text')
check "the ended gather is in the history" [ "$history" = "1-1" ]

# watch: two halves of 2 s with a break of 2 s, and 1 s added to the first: the clock as a status bar shows it.
"$gather" call gather.start "{\"teamA\":[$ana],\"teamB\":[$bea],\"periods\":2,\"periodLength\":2,\"breakLength\":2}" >/dev/null
"$gather" watch tick timer >"$tmp/watch3.out" 2>"$tmp/watch3.err" &
watch_pid=$!
check "the halves' watch subscribes" wait_for 10 subscribed
"$gather" call timer.start >/dev/null
"$gather" call timer.addTime '{"seconds":1}' >/dev/null
check "the break ends" wait_for 10 grep -qx 'timer breakEnded 00:02' "$tmp/watch3.out"
check "added time reads +0:01" grep -qx 'tick 00:00 +0:01' "$tmp/watch3.out"
check "the half's last tick starts the break" grep -qx 'tick HT 00:02' "$tmp/watch3.out"
check "the half ends into the break" grep -qx 'timer periodEnded HT 00:02' "$tmp/watch3.out"
check "the break counts down as HT" grep -qx 'tick HT 00:01' "$tmp/watch3.out"
kill "$watch_pid"
wait_exit "$watch_pid" 5
watch_pid=
"$gather" call gather.cancel >/dev/null
check "the halves' watch is gone" wait_for 5 no_subscriptions

# watch: a bad topic exits 1, an unreachable daemon 3.
"$gather" watch nope >/dev/null 2>"$tmp/err"; rc=$?
check "watch with a bad topic exits 1" [ $rc -eq 1 ]
check "watch with a bad topic explains" grep -q 'nope' "$tmp/err"
"$gather" -s "$tmp/missing.sock" watch >/dev/null 2>&1; rc=$?
check "watch unreachable exits 3" [ $rc -eq 3 ]

# watch: when the daemon stops, the watcher exits 3.
"$gather" watch players >"$tmp/watch2.out" 2>"$tmp/watch2.err" &
watch_pid=$!
check "second watch subscribes" wait_for 10 subscribed
kill "$daemon_pid"
wait_exit "$daemon_pid" 5; rc=$?
daemon_pid=
check "gatherd exits 0 on SIGTERM" [ $rc -eq 0 ]
wait_exit "$watch_pid" 5; rc=$?
watch_pid=
check "watch exits 3 when gatherd goes away" [ $rc -eq 3 ]
check "watch says the connection closed" grep -q 'closed the connection' "$tmp/watch2.err"

# Names from a database written under other rules are printed with their control characters escaped: the
# database is edited while gatherd is stopped (its rule refuses such names today), then gatherd starts on it.
attack=$'Evil\e[2J\e]0;owned\a\nroot# '
python3 -c 'import sqlite3, sys
with sqlite3.connect(sys.argv[1]) as db:
    db.execute("UPDATE player SET name = ? WHERE id = ?", (sys.argv[2], int(sys.argv[3])))' \
  "$tmp/gather.sqlite" "$attack" "$ana"
"$gatherd" --socket "$sock" --database "$tmp/gather.sqlite" --log-level warning 2>"$tmp/gatherd.log" &
daemon_pid=$!
check "gatherd starts on a database holding an escape code in a name" wait_for 10 ready
check "call prints the name exactly, JSON-escaped" [ "$("$gather" call players.get "{\"id\":$ana}" | jq -r .name)" = "$attack" ]
"$gather" watch players >"$tmp/watch4.out" 2>"$tmp/watch4.err" &
watch_pid=$!
check "the names' watch subscribes" wait_for 10 subscribed
"$gather" call players.update "{\"id\":$ana,\"age\":30}" >/dev/null
shown="players updated $ana Evil\\u{1B}[2J\\u{1B}]0;owned\\u{7}\\u{A}root# "
check "watch shows the name escaped, on one line" wait_for 5 grep -qxF "$shown" "$tmp/watch4.out"
check "watch prints no raw control character" [ "$(tr -d '\n' <"$tmp/watch4.out" | LC_ALL=C tr -d '[:print:]' | wc -c)" -eq 0 ]
"$gather" call gather.start "{\"teamA\":[$ana],\"teamB\":[$bea]}" >/dev/null
"$gather" call players.delete "{\"id\":$ana}" >/dev/null 2>"$tmp/err"; rc=$?
check "a refusal naming the player exits 1" [ $rc -eq 1 ]
check "the refusal shows the name escaped" grep -qF 'Evil\u{1B}[2J' "$tmp/err"
check "the refusal prints no raw control character" [ "$(tr -d '\n' <"$tmp/err" | LC_ALL=C tr -d '[:print:]' | wc -c)" -eq 0 ]
kill "$watch_pid"
wait_exit "$watch_pid" 5
watch_pid=

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
