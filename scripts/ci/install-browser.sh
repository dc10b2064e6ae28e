#!/usr/bin/env bash
# Installs the Chromium the web view's browser tests drive (through
# playwright-core, which downloads no browser of its own): Debian's `chromium`
# package, and a font so text renders in screenshots. Idempotent: nothing
# happens when /usr/bin/chromium, or the browser CMDSYNC_CHROMIUM names, is
# already there. Uses sudo when not root. Exits non-zero, saying why, when it
# cannot install one.
set -euo pipefail

if [ -n "${CMDSYNC_CHROMIUM:-}" ]; then
  if [ -x "$CMDSYNC_CHROMIUM" ]; then
    echo "install-browser: using CMDSYNC_CHROMIUM=$CMDSYNC_CHROMIUM" >&2
    exit 0
  fi
  echo "install-browser: CMDSYNC_CHROMIUM=$CMDSYNC_CHROMIUM is not an executable file; unset it to install Debian's chromium" >&2
  exit 1
fi
if [ -x /usr/bin/chromium ]; then
  echo "install-browser: /usr/bin/chromium is installed" >&2
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-browser: no apt-get here; install Chromium with your system's packages and set CMDSYNC_CHROMIUM to its path" >&2
  exit 1
fi
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-browser: not root and no sudo; run as root: apt-get update && apt-get install -y chromium" >&2
    exit 1
  fi
  as_root=(sudo)
fi

echo "install-browser: installing chromium with apt-get" >&2
if ! "${as_root[@]}" apt-get update || ! "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-dejavu-core; then
  echo "install-browser: apt-get could not install chromium (no network or no such package?); set CMDSYNC_CHROMIUM to an installed Chromium instead" >&2
  exit 1
fi
if [ ! -x /usr/bin/chromium ]; then
  echo "install-browser: apt-get finished but /usr/bin/chromium is missing" >&2
  exit 1
fi
echo "install-browser: installed $(/usr/bin/chromium --version 2>/dev/null || echo chromium)" >&2
