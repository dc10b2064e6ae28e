#!/usr/bin/env bash
# Proves the published pre-commit hook (.pre-commit-hooks.yaml) installs and
# runs: a scratch repository uses the hook from a clone of this repository's
# HEAD, by local path, and commits a manifest with a lint error (rejected, with
# the finding as cmdsync.yaml:LINE:COL) and then a valid one (accepted).
#
# pre-commit has installed `language: node` hooks in two ways, and both are
# checked, with the machine's npm and with npm 10:
#   - up to 4.6.0 (Debian's package among them): `npm install` in its clone,
#     then `npm pack`, whose whole stdout it takes as the tarball's name;
#   - from 4.6.1: `npm install --allow-git=root --install-links -g
#     git+file://<clone>`. Only the newest pre-commit does this and PyPI may
#     be out of reach, so that command is run as pre-commit runs it.
#
# Self-contained: installs pre-commit with apt-get if it is missing, and npm
# 10 into its own temporary directory. Every step has a time limit; temporary
# directories are removed on exit. Nothing in the repository is changed.
#
# Environment: PRECOMMIT_HOOK_NPMS   npm versions to try (default: "system 10")
#              PRECOMMIT_HOOK_TIMEOUT seconds per step (default: 600)
set -euo pipefail

npms=${PRECOMMIT_HOOK_NPMS:-system 10}
step_timeout=${PRECOMMIT_HOOK_TIMEOUT:-600}
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
rev=$(git -C "$root" rev-parse HEAD)

say() { printf 'precommit-hook: %s\n' "$*" >&2; }
fail() { say "FAIL: $*"; exit 1; }

# Run from a git hook, these would point every git command below at the outer repository.
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_OBJECT_DIRECTORY GIT_PREFIX

if ! command -v pre-commit >/dev/null 2>&1; then
  say "pre-commit is missing; installing it with apt-get"
  command -v apt-get >/dev/null 2>&1 || fail "pre-commit is not installed and there is no apt-get to install it"
  sudo=
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  { timeout "$step_timeout" $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive timeout "$step_timeout" $sudo apt-get install -y -qq pre-commit; } >&2 \
    || fail "could not install pre-commit with apt-get"
  command -v pre-commit >/dev/null 2>&1 || fail "apt-get installed no pre-commit command"
fi
say "$(pre-commit --version), node $(node --version), repository at ${rev:0:12}"

work=$(mktemp -d "${TMPDIR:-/tmp}/cmdsync-precommit-hook-XXXXXX")
trap 'rm -rf "$work"' EXIT
git clone -q --no-local "$root" "$work/hook"
git -C "$work/hook" checkout -q "$rev"

# Line 4, column 11: the second `ping`.
bad_manifest='commands:
  - name: ping
    description: Ping
  - name: ping
    description: Ping again
'
good_manifest='commands:
  - name: ping
    description: Ping
  - name: pong
    description: Pong
'
finding='cmdsync.yaml:4:11: error: .*\[duplicate-name\]'

# Puts the wanted npm first on PATH and checks that it is the one found.
use_npm() {
  local version=$1
  if [ "$version" = system ]; then
    PATH=$base_path
  else
    if [ ! -x "$work/npm-$version/node_modules/.bin/npm" ]; then
      timeout "$step_timeout" npm install -q --no-audit --no-fund --prefix "$work/npm-$version" "npm@$version" >&2 \
        || fail "could not install npm@$version"
    fi
    PATH=$work/npm-$version/node_modules/.bin:$base_path
    case $(npm --version) in "$version".*) ;; *) fail "npm@$version on PATH, but npm --version says $(npm --version)" ;; esac
  fi
  export PATH
}

# The hook through pre-commit itself: a rejected commit, then an accepted one.
check_precommit() {
  local label=$1 repo=$work/$1/repo out
  mkdir -p "$repo"
  export PRE_COMMIT_HOME=$work/$label/pre-commit-home
  git -C "$repo" init -q
  git -C "$repo" config user.name precommit-hook
  git -C "$repo" config user.email precommit-hook@localhost
  git -C "$repo" config commit.gpgsign false
  cat >"$repo/.pre-commit-config.yaml" <<EOF
repos:
  - repo: $work/hook
    rev: $rev
    hooks:
      - id: cmdsync-lint
        args: [--format, unix]
EOF
  (cd "$repo" && git add .pre-commit-config.yaml && git commit -q --no-verify -m 'pre-commit config' && pre-commit install >/dev/null)

  printf '%s' "$bad_manifest" >"$repo/cmdsync.yaml"
  git -C "$repo" add cmdsync.yaml
  if out=$(cd "$repo" && timeout "$step_timeout" git commit -m 'bad manifest' 2>&1); then
    printf '%s\n' "$out" >&2
    fail "$label: pre-commit accepted a manifest with a duplicate command name"
  fi
  printf '%s\n' "$out" >&2
  grep -Eq "$finding" <<<"$out" || fail "$label: the rejected commit did not show the finding cmdsync.yaml:4:11 (hook install failed?)"
  [ "$(git -C "$repo" rev-list --count HEAD)" = 1 ] || fail "$label: the bad manifest was committed"

  printf '%s' "$good_manifest" >"$repo/cmdsync.yaml"
  git -C "$repo" add cmdsync.yaml
  out=$(cd "$repo" && timeout "$step_timeout" git commit -m 'good manifest' 2>&1) || { printf '%s\n' "$out" >&2; fail "$label: pre-commit rejected a valid manifest"; }
  printf '%s\n' "$out" >&2
  grep -Eq 'cmdsync lint\.+Passed' <<<"$out" || fail "$label: the hook did not run on the valid manifest"
  say "$label: pre-commit $(pre-commit --version | cut -d' ' -f2) rejected the bad manifest and accepted the good one"
}

# pre-commit >= 4.6.1's install command, in pre-commit's environment (its own
# global prefix, no user .npmrc). Under -g, npm prepares the clone with a
# second, global install of it into the same directory (npm/cli#8440); unless
# the dependencies come bundled, both extract them there at once and collide
# (ENOTEMPTY, most runs with npm 10). So no retry here: a collision is a failure.
check_git_install() {
  local label=$1 prefix=$work/$1/node-env dir=$work/$1/lint out code
  mkdir -p "$prefix" "$dir"
  out=$(cd "$work/hook" && NPM_CONFIG_PREFIX=$prefix npm_config_prefix=$prefix timeout "$step_timeout" \
    env -u NPM_CONFIG_USERCONFIG -u npm_config_userconfig npm install --allow-git=root --install-links -g "git+file://$work/hook" 2>&1) \
    || { printf '%s\n' "$out" >&2; fail "$label: npm install -g git+file:// of the hook repository failed"; }
  printf '%s' "$bad_manifest" >"$dir/cmdsync.yaml"
  code=0
  out=$(cd "$dir" && timeout "$step_timeout" "$prefix/bin/cmdsync" lint --format unix cmdsync.yaml 2>&1) || code=$?
  printf '%s\n' "$out" >&2
  [ "$code" = 1 ] && grep -Eq "$finding" <<<"$out" || fail "$label: the git-installed cmdsync lint did not report cmdsync.yaml:4:11 (exit $code)"
  printf '%s' "$good_manifest" >"$dir/cmdsync.yaml"
  out=$(cd "$dir" && timeout "$step_timeout" "$prefix/bin/cmdsync" lint --format unix cmdsync.yaml 2>&1) \
    || { printf '%s\n' "$out" >&2; fail "$label: the git-installed cmdsync lint rejected a valid manifest"; }
  say "$label: npm install -g git+file:// (pre-commit >= 4.6.1) installed a working cmdsync lint"
}

base_path=$PATH
for version in $npms; do
  use_npm "$version"
  say "npm $(npm --version):"
  check_precommit "npm-$version-pack"
  check_git_install "npm-$version-git"
done
say "OK"
