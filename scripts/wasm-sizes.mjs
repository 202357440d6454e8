// Prints each WebAssembly artifact's size, raw and gzipped, so every build shows what it ships.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = process.argv[2];
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const rows = readdirSync(dir)
  .filter((f) => f.endsWith('.wasm') || f.endsWith('.mjs'))
  .map((f) => {
    const bytes = readFileSync(join(dir, f));
    return { file: f, raw: statSync(join(dir, f)).size, gzip: gzipSync(bytes, { level: 9 }).length };
  });
for (const r of rows) console.log(`wasm: ${r.file.padEnd(16)} ${kib(r.raw).padStart(11)} raw ${kib(r.gzip).padStart(10)} gzip`);
