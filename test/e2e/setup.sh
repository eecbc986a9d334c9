#!/usr/bin/env bash
# Installs what the real-editor e2e test needs, idempotently, under .e2e/ (gitignored):
#   - Debian packages: chromium, libkrb5-dev + pkg-config (code-server's kerberos module builds
#     from source), ripgrep (its binary stands in for the one @vscode/ripgrep would download)
#   - code-server@4.100.3 (VS Code 1.100.3, the last release that runs on Node 20) and playwright-core
#     in .e2e/node_modules (NOT in the project's package.json)
# Each step is explained in test/e2e/README.md.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
E2E="$ROOT/.e2e"
CODE_SERVER_VERSION=4.100.3
PLAYWRIGHT_VERSION=1.65
# @vscode/ripgrep pinned by code-server 4.100.3 (lib/vscode/npm-shrinkwrap.json) and the release tag
# in its lib/postinstall.js (const VERSION). Its postinstall downloads rg from GitHub, unreachable here,
# unless it finds this tarball in its cache.
RIPGREP_PKG_VERSION=1.15.11
RIPGREP_TAG=v13.0.0-10
MARKER="$E2E/.installed-code-server-$CODE_SERVER_VERSION-playwright-$PLAYWRIGHT_VERSION"

log() { echo "[e2e-setup] $*"; }

# 1. Debian packages
missing=()
for p in chromium libkrb5-dev pkg-config ripgrep neovim; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  log "apt-get install ${missing[*]}"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi

if [ -f "$MARKER" ] && [ -x "$E2E/node_modules/.bin/code-server" ] && [ -d "$E2E/node_modules/playwright-core" ]; then
  log "already installed ($MARKER)"
  exit 0
fi

mkdir -p "$E2E/tmp"
[ -f "$E2E/package.json" ] || echo '{ "name": "cdda-e2e-tools", "private": true }' > "$E2E/package.json"

# 2. ripgrep cache trick: a tar.gz holding Debian's rg as `rg`, where @vscode/ripgrep looks first.
export TMPDIR="$E2E/tmp"
RG_CACHE="$TMPDIR/vscode-ripgrep-cache-$RIPGREP_PKG_VERSION"
RG_TGZ="$RG_CACHE/ripgrep-$RIPGREP_TAG-x86_64-unknown-linux-musl.tar.gz"
if [ ! -f "$RG_TGZ" ]; then
  log "seeding ripgrep cache $RG_TGZ"
  mkdir -p "$RG_CACHE" "$TMPDIR/rgstage"
  cp /usr/bin/rg "$TMPDIR/rgstage/rg"
  tar czf "$RG_TGZ" -C "$TMPDIR/rgstage" rg
  rm -rf "$TMPDIR/rgstage"
fi

# 3. code-server and playwright-core into .e2e/node_modules
log "npm install code-server@$CODE_SERVER_VERSION playwright-core@$PLAYWRIGHT_VERSION (first time: ~1 min)"
export npm_config_unsafe_perm=true   # code-server's postinstall refuses root otherwise
export npm_config_yes=true           # node-pty's postinstall runs `npx node-gyp`
(cd "$E2E" && npm install --no-audit --no-fund --loglevel=error \
  "code-server@$CODE_SERVER_VERSION" "playwright-core@~$PLAYWRIGHT_VERSION.0")

rg_bin="$(find "$E2E/node_modules/code-server/lib/vscode/node_modules/@vscode/ripgrep/bin" -name rg 2>/dev/null | head -1 || true)"
[ -n "$rg_bin" ] || { log "WARNING: @vscode/ripgrep binary missing; Quick Open may not work"; }

touch "$MARKER"
log "done"
