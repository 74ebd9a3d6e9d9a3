#!/usr/bin/env bash
# Makes sure PostgreSQL's client tools (pg_dump, pg_restore) are installed, for backups and
# restores of a shop on PostgreSQL (`npm run backup`, `npm run restore`, "Back up now"):
#   bash scripts/ensure-pg-client.sh
# Prints the folder of the newest installed pg_dump/pg_restore on stdout. Installs Debian's
# postgresql-client when they are missing and we are root; otherwise says what to run.
set -euo pipefail
. "$(dirname "$0")/apt-install.sh"

find_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | while read -r d; do
    if [ -x "$d/pg_dump" ] && [ -x "$d/pg_restore" ]; then echo "$d"; fi
  done | tail -n 1 || true)
  if [ -n "$dir" ]; then echo "$dir"; return; fi
  # Not Debian's layout (e.g. macOS, another distribution): whatever is on the PATH.
  if command -v pg_dump >/dev/null 2>&1 && command -v pg_restore >/dev/null 2>&1; then
    dirname "$(command -v pg_dump)"
  fi
}

BIN=$(find_bin)
if [ -z "$BIN" ]; then
  apt_install ensure-pg-client postgresql-client
  BIN=$(find_bin)
  [ -n "$BIN" ] || { echo "ensure-pg-client: pg_dump not found after installing postgresql-client" >&2; exit 1; }
fi
echo "$BIN"
