#!/usr/bin/env bash
# The playground ("xcover serve") under hostile use, measured on a build of
# this checkout: its memory (resident set, from /proc) while the largest
# inputs are posted again and again, and after; requests from other sites
# (a forged Host, as DNS rebinding sends it, a foreign Origin or
# Sec-Fetch-Site); a client that never reads its reply beside others; 200
# requests at once. It prints the figures, and checks them against the
# playground's stated limits (playground.Memory).
#
#   scripts/playground-hostile.sh    # exit 0: every check held; 1: one failed
#
# Needs Linux (/proc), curl and bash's /dev/tcp. Takes a few minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v curl >/dev/null || { echo "SKIP playground test: no curl"; exit 77; }
[ -r /proc/self/status ] || { echo "SKIP playground test: no /proc"; exit 77; }
work=$(mktemp -d /tmp/xcover-playground.XXXXXX)
failed=0
check() { # check CONDITION MESSAGE
  if eval "$1"; then echo "  ok: $2"; else echo "  FAIL: $2" >&2; failed=1; fi
}
go build -o "$work/xcover" ./cmd/xcover
limit_mib=$(sed -n 's/^const Memory = \([0-9]*\) << 20$/\1/p' explain/web/playground/serve.go)
[ -n "$limit_mib" ] || { echo "FAIL: playground.Memory not found" >&2; exit 1; }
"$work/xcover" serve --port 0 >"$work/serve.out" 2>"$work/serve.err" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do grep -q http "$work/serve.out" 2>/dev/null && break; sleep 0.1; done
addr=$(grep -o '127\.0\.0\.1:[0-9]*' "$work/serve.out")
port=${addr#*:}
url=http://$addr
rss() { awk '/^VmRSS/ {print int($2/1024)}' /proc/$pid/status; }
hwm() { awk '/^VmHWM/ {print int($2/1024)}' /proc/$pid/status; }
post() { # post KIND FILE: prints status, seconds and bytes of the reply
  curl -s -o "$work/reply" -w '%{http_code} %{time_total}s %{size_download}B' \
    --data-urlencode "kind=$1" --data-urlencode "input@$2" "$url/trace"
}

printf '.%.0s' $(seq 4096) >"$work/empty64.txt"; echo >>"$work/empty64.txt"
printf '.%.0s' $(seq 1296) >"$work/empty36.txt"; echo >>"$work/empty36.txt"
"$work/xcover" examples solve/pentomino-3x20.yaml >"$work/pentomino-3x20.yaml"

echo "memory: RSS $(rss) MiB at the start (the limit: $limit_mib MiB)"
for input in "sudoku empty64.txt" "sudoku empty36.txt" "spec pentomino-3x20.yaml"; do
  set -- $input
  for i in 1 2 3 4 5; do
    echo "  $2 #$i: $(post "$1" "$work/$2"), RSS after $(rss) MiB"
  done
done
check "[ $(hwm) -le $limit_mib ]" "the most RSS, $(hwm) MiB, is within playground.Memory ($limit_mib MiB)"
check "[ $(rss) -le 64 ]" "RSS after, $(rss) MiB, is back under 64 MiB"

echo "other sites:"
code() { curl -s -o /dev/null -w '%{http_code}' "$@"; }
check "[ $(code -H "Host: evil.example:$port" "$url/") = 403 ]" "Host evil.example:$port (DNS rebinding): 403"
check "[ $(code -H "Host: evil.example:$port" "$url/examples") = 403 ]" "Host evil.example:$port on /examples: 403"
check "[ $(code -H 'Origin: http://evil.example' --data 'kind=spec&input=A' "$url/trace") = 403 ]" "a POST with Origin http://evil.example: 403"
check "[ $(code -H 'Sec-Fetch-Site: cross-site' --data 'kind=spec&input=A' "$url/trace") = 403 ]" "a POST with Sec-Fetch-Site cross-site: 403"
check "[ $(code -H "Host: localhost:$port" "$url/") = 200 ]" "Host localhost:$port: 200"
check "[ $(code -H "Origin: $url" -H 'Sec-Fetch-Site: same-origin' --data 'kind=spec&input=A+B%0AA%0AC' "$url/trace") = 400 ]" "a POST from its own page (a bad problem): 400 with its message"

echo "clients that never read their replies (pentomino 3×20, 20,000 nodes, 6 MB):"
# The form, every byte of the input percent-encoded.
data="kind=spec&input=$(od -An -tx1 -v "$work/pentomino-3x20.yaml" | tr -d ' \n' | sed 's/../%&/g')"
stall() { # stall FD: posts the form on a connection of its own, never read
  eval "exec $1<>/dev/tcp/127.0.0.1/$port"
  printf 'POST /trace HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n%s' "$addr" "${#data}" "$data" >&"$1"
}
stall 3
sleep 0.3
start=$(date +%s.%N)
for i in 1 2 3; do
  echo "  a small trace beside it: $(curl -s -o /dev/null -w '%{http_code} %{time_total}s' --data-urlencode kind=spec --data-urlencode $'input=A B\nA\nB' "$url/trace")"
done
took=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN {printf "%.2f", b - a}')
check "awk -v t=$took 'BEGIN {exit !(t < 60)}'" "3 small traces answered in ${took}s while the stalled reply waits"
stall 4; stall 5; stall 6
echo "  three more stalled; beside them: empty36 $(post sudoku "$work/empty36.txt"), empty64 $(post sudoku "$work/empty64.txt"), RSS $(rss) MiB"
check "[ $(hwm) -le $limit_mib ]" "the most RSS with four replies held, $(hwm) MiB, is within playground.Memory"
sleep 25
exec 3<&- 3>&- 4<&- 4>&- 5<&- 5>&- 6<&- 6>&-
echo "  the stalled clients cut off: RSS $(rss) MiB"

echo "200 requests at once:"
seq 200 | xargs -P 200 -I{} curl -s -o /dev/null -w '%{http_code} %{time_total}\n' \
  --data-urlencode kind=spec --data-urlencode $'input=A B\nA\nB' "$url/trace" >"$work/times"
ok=$(grep -c '^200 ' "$work/times" || true)
median=$(awk '{print $2}' "$work/times" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
echo "  $ok of 200 answered 200, median ${median}s, RSS after $(rss) MiB"
check "[ $ok = 200 ]" "all 200 answered"
check "[ $(hwm) -le $limit_mib ]" "the most RSS, $(hwm) MiB, is still within playground.Memory"

kill -INT $pid; wait $pid || true
trap 'rm -rf "$work"' EXIT
echo "serve: $(tail -1 "$work/serve.err")"
[ $failed = 0 ] && echo "PASS playground test" || { echo "FAIL playground test" >&2; exit 1; }
