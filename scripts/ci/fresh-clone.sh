#!/usr/bin/env bash
# Does a fresh clone pass its tests? Clones the committed HEAD of this
# repository into a new directory under /tmp, where nothing is beside it (no
# shared/, no node_modules, no dist/), then runs `npm ci` and `npm test` there.
# Exits with npm test's status. Uncommitted changes are not tested: commit first.
# The clone is removed on success and kept (its path printed) on failure.
# CMDSYNC_REQUIRE_BROWSER and CMDSYNC_REQUIRE_DISCORD_PY (browser and
# discord.py tests fail instead of skipping) reach npm test; with
# CMDSYNC_ARTIFACTS_DIR set, the clone's test-artifacts/ (screenshots) are
# copied there, pass or fail.
set -euo pipefail

repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
head=$(git -C "$repo" rev-parse HEAD)
work=$(mktemp -d /tmp/cmdsync-fresh-clone.XXXXXX)
clone="$work/cmdsync"

echo "fresh-clone: $head into $clone" >&2
# A local clone fetches branches, not a worktree's or a detached HEAD, so the
# commit is fetched by id and checked out detached.
git clone --quiet --no-checkout --no-local "$repo" "$clone"
git -C "$clone" fetch --quiet "$repo" "$head"
git -C "$clone" -c advice.detachedHead=false checkout --quiet "$head"

status=0
echo "fresh-clone: CMDSYNC_REQUIRE_BROWSER=${CMDSYNC_REQUIRE_BROWSER:-unset} CMDSYNC_REQUIRE_DISCORD_PY=${CMDSYNC_REQUIRE_DISCORD_PY:-unset}" >&2
(cd "$clone" && npm ci --no-audit --no-fund && CMDSYNC_REQUIRE_BROWSER="${CMDSYNC_REQUIRE_BROWSER:-}" CMDSYNC_REQUIRE_DISCORD_PY="${CMDSYNC_REQUIRE_DISCORD_PY:-}" npm test) || status=$?

if [ -n "${CMDSYNC_ARTIFACTS_DIR:-}" ] && [ -d "$clone/test-artifacts" ]; then
  mkdir -p "$CMDSYNC_ARTIFACTS_DIR"
  cp -R "$clone/test-artifacts/." "$CMDSYNC_ARTIFACTS_DIR/"
  echo "fresh-clone: test artifacts copied to $CMDSYNC_ARTIFACTS_DIR" >&2
fi

if [ "$status" -eq 0 ]; then
  rm -rf "$work"
  echo "fresh-clone: npm test passed in a fresh clone of $head" >&2
else
  echo "fresh-clone: failed with status $status; the clone is kept at $clone" >&2
fi
exit "$status"
