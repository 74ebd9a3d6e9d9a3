#!/usr/bin/env bash
# Makes sure nginx is installed, for the HTTPS reverse proxy in front of the server
# (deploy/nginx/shop.conf, checked by scripts/https-proxy-check.mjs):
#   bash scripts/ensure-nginx.sh
# Prints the path of the nginx binary on stdout. Installs Debian's nginx package (its core has TLS
# and the proxy module; recommended extras are left out) when nginx is missing and we are root;
# otherwise says what to run.
set -euo pipefail

find_bin() {
  if [ -x /usr/sbin/nginx ]; then echo /usr/sbin/nginx; return; fi
  command -v nginx 2>/dev/null || true
}

BIN=$(find_bin)
if [ -z "$BIN" ]; then
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-nginx: nginx is not installed; run: sudo apt-get install -y nginx" >&2
    exit 1
  fi
  echo "ensure-nginx: installing nginx..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq </dev/null
  # The package would start its own nginx on port 80 with a default site (in a container without
  # systemd too, through invoke-rc.d): a policy-rc.d that denies it, for the install only, unless
  # the machine has one of its own.
  own_policy=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    own_policy=1
  fi
  status=0
  apt-get install -y -qq --no-install-recommends nginx </dev/null >/dev/null || status=$?
  [ "$own_policy" = 0 ] || rm -f /usr/sbin/policy-rc.d
  [ "$status" = 0 ] || { echo "ensure-nginx: apt-get install nginx failed ($status)" >&2; exit 1; }
  BIN=$(find_bin)
  [ -n "$BIN" ] || { echo "ensure-nginx: nginx not found after installing nginx" >&2; exit 1; }
fi
echo "$BIN"
