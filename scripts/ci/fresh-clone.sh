#!/usr/bin/env bash
# Does a fresh clone pass its tests? Clones the committed HEAD of this
# repository into a new directory under /tmp, where nothing is beside it (no
# shared/, no node_modules, no dist/), then runs `npm ci` and `npm test` there.
# Exits with npm test's status. Uncommitted changes are not tested: commit first.
# The clone is removed on success and kept (its path printed) on failure.
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
(cd "$clone" && npm ci --no-audit --no-fund && npm test) || status=$?

if [ "$status" -eq 0 ]; then
  rm -rf "$work"
  echo "fresh-clone: npm test passed in a fresh clone of $head" >&2
else
  echo "fresh-clone: failed with status $status; the clone is kept at $clone" >&2
fi
exit "$status"
