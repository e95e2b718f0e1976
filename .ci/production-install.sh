#!/usr/bin/env bash
# A built tree without devDependencies starts, serves the app and stops cleanly on SIGTERM
# (issue 14: `npm ci --omit=dev && npm start` on a built tree).
# Usage: production-install.sh <copy of a built tree, without node_modules> [<Node bin folder>…]
# It installs into the copy, so it can run while tests still use the checkout's devDependencies.
set -euo pipefail
cd "$1"
shift
npm ci --omit=dev --no-audit --no-fund >/dev/null

# On this machine's Node, then on each Node whose bin folder is given (e.g. Node 22's).
for bin in "" "$@"; do
  data="$(mktemp -d)"
  log="$data/server.log"
  PATH="${bin:+$bin:}$PATH" PORT=3917 DATA_DIR="$data" LOG_FORMAT=json npm start >"$log" 2>&1 &
  server=$!
  for _ in $(seq 1 600); do
    curl -fs http://127.0.0.1:3917/readyz >/dev/null 2>&1 && break
    sleep 0.1
  done
  version="$(PATH="${bin:+$bin:}$PATH" node --version)"
  # The page is read whole before it is searched: `curl | grep -q` under pipefail fails at random,
  # when grep exits at the match while curl still writes the rest of the page (SIGPIPE).
  page="$(curl -fs http://127.0.0.1:3917/)" || page=""
  grep -q '<title>' <<<"$page" || {
    cat "$log"
    echo "production install on $version: the home page did not load" >&2
    kill -TERM "$server"
    exit 1
  }
  kill -TERM "$server"
  status=0
  wait "$server" || status=$?
  if [ "$status" -ne 0 ] || grep -q '"level":[56]0' "$log" || ! grep -q '"msg":"stopped"' "$log"; then
    cat "$log"
    echo "production install on $version: did not stop cleanly (exit $status)" >&2
    exit 1
  fi
  rm -rf "$data"
  echo "production install on $version: started, served and stopped cleanly"
done
