#!/usr/bin/env bash
# Bundles the production worker exactly as `wrangler deploy` would (--dry-run, nothing is
# uploaded) and prints its size, gzipped, against the 1 MiB target (free-plan limit: 3 MiB).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
environment="${1:-production}"
outdir="$(mktemp -d)"
trap 'rm -rf "$outdir"; [ "$environment" = local ] || bash "$here/scripts/build-worker.sh" local >/dev/null 2>&1 || true' EXIT
bash "$here/scripts/build-worker.sh" "$environment"
envflag=(--env "")   # the top-level (production) environment
[ "$environment" = local ] && envflag=(--env local)
(cd "$here" && "$here/../node_modules/.bin/wrangler" deploy --dry-run --outdir "$outdir" "${envflag[@]}" | grep -E 'Total Upload|dry-run')
node -e '
const fs = require("fs"), path = require("path"), zlib = require("zlib");
const dir = process.argv[1];
let raw = 0, gz = 0;
for (const f of fs.readdirSync(dir)) {
  if (f.endsWith(".map") || f === "README.md") continue;
  const b = fs.readFileSync(path.join(dir, f));
  raw += b.length; gz += zlib.gzipSync(b, { level: 9 }).length;
  console.log(`  ${f.padEnd(60)} ${b.length} bytes`);
}
const kib = (n) => (n / 1024).toFixed(1) + " KiB";
console.log(`worker bundle: ${kib(raw)} raw, ${kib(gz)} gzipped (target < 1024 KiB gzipped) ${gz < 1 << 20 ? "OK" : "OVER TARGET"}`);
process.exit(gz < 3 << 20 ? 0 : 1);
' "$outdir"
