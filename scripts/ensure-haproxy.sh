#!/usr/bin/env bash
# `npm run cluster` puts Debian's HAProxy in front of the API processes (issue 40): install it when missing, as
# ensure-test-tools.sh does for Chromium.
set -euo pipefail
command -v haproxy >/dev/null 2>&1 && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "HAProxy is missing. Run 'sudo apt-get install -y haproxy' and try again." >&2
  exit 1
fi
echo "Installing Debian's haproxy for the cluster..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null
