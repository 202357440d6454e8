#!/usr/bin/env bash
# Installs what a fresh Debian bookworm machine lacks to build and test stableroutes.
# Idempotent: every step checks first, so a second run with nothing to do takes seconds.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"

need_apt=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
for p in emscripten nlohmann-json3-dev libgtest-dev cmake ninja-build g++ clang lld libclang-rt-14-dev dpkg-dev gzip ca-certificates; do
  have_pkg "$p" || need_apt+=("$p")
done

sudo_() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# The libsecp256k1 source comes from Debian's source package, so deb-src must be enabled.
srclist=/etc/apt/sources.list.d/stableroutes-src.sources
apt_updated=0
if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ && ! grep -qs '^deb-src' /etc/apt/sources.list; then
  # Same URIs and keyring as Debian's own entries (deb822), or apt refuses the conflicting Signed-By.
  sudo_ tee "$srclist" >/dev/null <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
fi

if [ ${#need_apt[@]} -gt 0 ]; then
  echo "bootstrap: installing ${need_apt[*]}"
  sudo_ apt-get update -qq && apt_updated=1
  DEBIAN_FRONTEND=noninteractive sudo_ apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

# libsecp256k1 source, unpacked once under third_party/ (ignored by git, rebuilt by this script).
secp_dir="$here/third_party/secp256k1"
if [ ! -f "$secp_dir/include/secp256k1_recovery.h" ]; then
  echo "bootstrap: fetching libsecp256k1 source from Debian"
  [ "$apt_updated" = 1 ] || sudo_ apt-get update -qq
  tmp="$(mktemp -d)"
  (cd "$tmp" && apt-get source --download-only -qq libsecp256k1 >/dev/null 2>&1 && \
     orig=$(ls libsecp256k1_*.orig.tar.* | head -n1) && mkdir -p src && tar -xf "$orig" -C src --strip-components=1)
  rm -rf "$secp_dir" && mkdir -p "$(dirname "$secp_dir")" && mv "$tmp/src" "$secp_dir"
  rm -rf "$tmp"
fi

# npm dependencies from the committed lock file; skipped when node_modules matches it.
if [ -f package-lock.json ]; then
  stamp=node_modules/.bootstrap-lock-sha
  want=$(sha256sum package-lock.json | cut -d' ' -f1)
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "bootstrap: npm ci"
    npm ci --no-audit --no-fund --loglevel=error
    echo "$want" > "$stamp"
  fi
fi
echo "bootstrap: ok"
