#!/usr/bin/env bash
# Installs discord.py (Debian's python3-discord), the non-JavaScript bot
# library whose tests (test/clients/discordpy.test.ts) prove the emulator
# serves any language. Idempotent: nothing happens when python3 can already
# import discord. Uses sudo when not root. Exits non-zero, saying why, when
# it cannot install it.
set -euo pipefail

# The tests try python3 on PATH, then Debian's /usr/bin/python3 (test/helpers/discord-py.ts).
for python in python3 /usr/bin/python3; do
  if "$python" -c 'import discord' >/dev/null 2>&1; then
    echo "install-discord-py: discord.py $("$python" -c 'import discord; print(discord.__version__)') is installed for $python" >&2
    exit 0
  fi
done
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-discord-py: no apt-get here; install discord.py for python3 with your system's packages or pip" >&2
  exit 1
fi
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-discord-py: not root and no sudo; run as root: apt-get update && apt-get install -y python3-discord" >&2
    exit 1
  fi
  as_root=(sudo)
fi
echo "install-discord-py: installing python3-discord with apt-get" >&2
if ! "${as_root[@]}" apt-get update || ! "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3-discord; then
  echo "install-discord-py: apt-get could not install python3-discord (no network or no such package?)" >&2
  exit 1
fi
if ! /usr/bin/python3 -c 'import discord' >/dev/null 2>&1; then
  echo "install-discord-py: apt-get finished but /usr/bin/python3 cannot import discord" >&2
  exit 1
fi
echo "install-discord-py: installed discord.py $(/usr/bin/python3 -c 'import discord; print(discord.__version__)')" >&2
