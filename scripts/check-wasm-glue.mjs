// Fails the build when an emscripten loader (X.mjs) and its module (X.wasm) disagree on import
// names. emcc minifies the names in both halves in one link; when one half comes from another tool
// version (a binaryen on PATH other than the one emcc expects), the loader offers names the module
// never asks for, instantiation finds nothing to link and the worker hangs on its first request.
// Checked here, that is a build error naming both files instead of a stalled test suite.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let bad = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.wasm'))) {
  const glue = join(dir, file.replace(/\.wasm$/, '.mjs'));
  let js;
  try { js = readFileSync(glue, 'utf8'); } catch { continue; } // a module without emscripten's loader
  const offered = js.match(/asmLibraryArg\s*=\s*\{([^}]*)\}/);
  if (!offered) continue; // a loader of another shape: nothing to compare
  const names = new Set([...offered[1].matchAll(/"([^"]+)"\s*:/g)].map((m) => m[1]));
  const module = new WebAssembly.Module(readFileSync(join(dir, file)));
  const missing = WebAssembly.Module.imports(module)
    .filter((i) => i.module === 'a' || i.module === 'env')
    .map((i) => i.name)
    .filter((n) => !names.has(n));
  if (missing.length) {
    bad++;
    console.error(`check-wasm-glue: ${file} imports ${missing.length} name(s) its loader ${glue} does not offer ` +
      `(first: ${missing.slice(0, 3).join(', ')}): the two halves come from different tool versions`);
  }
}
process.exit(bad ? 1 : 0);
