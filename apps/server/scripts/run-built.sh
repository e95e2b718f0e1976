#!/bin/sh
# Runs one of the programs `npm run build` bundled (main, migrate, backup, restore) in place of
# this shell (exec), so SIGTERM from systemd or Docker reaches it.
program="$(dirname "$0")/../dist/$1.js"
shift
if [ ! -f "$program" ]; then
  echo "Leadbell is not built yet: run npm run build first." >&2
  exit 1
fi
exec node --enable-source-maps "$program" "$@"
