#!/usr/bin/env bash
# Makes sure nginx is installed, for the HTTPS reverse proxy in front of the server
# (deploy/nginx/shop.conf, checked by scripts/https-proxy-check.mjs):
#   bash scripts/ensure-nginx.sh
# Prints the path of the nginx binary on stdout. Installs Debian's nginx package (its core has TLS
# and the proxy module; recommended extras are left out) when nginx is missing and we are root;
# otherwise says what to run.
set -euo pipefail
. "$(dirname "$0")/apt-install.sh"

find_bin() {
  if [ -x /usr/sbin/nginx ]; then echo /usr/sbin/nginx; return; fi
  command -v nginx 2>/dev/null || true
}

BIN=$(find_bin)
if [ -z "$BIN" ]; then
  # The package would start its own nginx on port 80 with a default site (in a container without
  # systemd too, through invoke-rc.d): a policy-rc.d that denies it, for the install only, unless
  # the machine has one of its own.
  own_policy=0
  if [ "$(id -u)" -eq 0 ] && [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    own_policy=1
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  # Its core has TLS and the proxy module; recommended extras are left out.
  apt_install ensure-nginx nginx --no-install-recommends
  [ "$own_policy" = 0 ] || { rm -f /usr/sbin/policy-rc.d; trap - EXIT; }
  BIN=$(find_bin)
  [ -n "$BIN" ] || { echo "ensure-nginx: nginx not found after installing nginx" >&2; exit 1; }
fi
echo "$BIN"
