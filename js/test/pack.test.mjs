// The published artifact: `npm pack` holds the sources, types, CLI and wasm (nothing else), and
// the tarball installs offline into an empty folder (no dependencies) where both the library and
// the `stableroutes` command work.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, after } from 'node:test';

import * as f from './fixtures.mjs';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'stableroutes-pack-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const npm = (args, cwd) => execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });

describe('npm pack', () => {
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', dir], packageDir));
  const files = packed.files.map((x) => x.path).sort();

  it('ships sources, types, the CLI and the wasm, and no tests', () => {
    for (const expected of ['bin/stableroutes.js', 'package.json', 'src/client.js', 'src/entry-browser.js',
      'src/entry-node.js', 'src/entry-workerd.js', 'src/verifier.js', 'types/client.d.ts', 'types/index.d.ts',
      'src/wasm-host.js', 'dist/entry-browser.js', 'wasm/verifier.wasm', 'src/entry-quotes-browser.js',
      'src/entry-quotes-node.js', 'src/entry-quotes-workerd.js', 'dist/entry-quotes-browser.js', 'types/quotes.d.ts',
      'wasm/quote-verifier.wasm', 'src/entry-quotes-inline.js', 'dist/entry-quotes-inline.js',
      'dist/quote-verifier-packed.js', 'types/quotes-inline.d.ts', 'src/packed-module.js', 'src/workerd-module.js',
      'src/entry-quotes-evm.js', 'src/entry-quotes-evm-workerd.js', 'dist/entry-quotes-evm.js',
      'dist/quote-verifier-evm-packed.js', 'wasm/quote-verifier-evm.wasm', 'types/quotes-evm.d.ts']) {
      assert.ok(files.includes(expected), `${expected} missing from ${files.join(', ')}`);
    }
    assert.ok(!files.some((p) => p.startsWith('test/') || p.startsWith('scripts/')), files.join(', '));
  });

  it('installs offline into an empty folder, where loadVerifier(), the three loadQuoteVerifier()s and the command work', () => {
    const app = join(dir, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    npm(['install', '--offline', join(dir, packed.filename)], app);
    writeFileSync(join(app, 'quote.json'), JSON.stringify(f.buildQuote()));
    writeFileSync(join(app, 'chains.json'), JSON.stringify(f.chains));
    writeFileSync(join(app, 'check.mjs'), `
      import { readFileSync } from 'node:fs';
      import { loadVerifier } from 'stableroutes';
      import { loadQuoteVerifier } from 'stableroutes/quotes';
      import { loadQuoteVerifier as loadInline } from 'stableroutes/quotes/inline';
      import { loadQuoteVerifier as loadEvm } from 'stableroutes/quotes/evm';
      import { createClient } from 'stableroutes/client';
      const verifier = await loadVerifier();
      const quotes = await loadQuoteVerifier();
      const inline = await loadInline();
      const evm = await loadEvm();
      const read = (f) => JSON.parse(readFileSync(f, 'utf8'));
      const options = { chains: read('chains.json'), now: ${f.NOW} };
      const report = verifier.verifyQuote(read('quote.json'), options);
      const quoteReport = quotes.forChains(options.chains).verifyQuote(read('quote.json'), options);
      const inlineReport = inline.verifyQuote(read('quote.json'), options);
      const evmReport = evm.verifyQuote(read('quote.json'), options);
      console.log(JSON.stringify({ ok: report.ok, quotesOk: quoteReport.ok, inlineOk: inlineReport.ok, evmOk: evmReport.ok, quotes: Object.keys(quotes), client: typeof createClient }));`);
    const out = JSON.parse(execFileSync(process.execPath, ['check.mjs'], { cwd: app, encoding: 'utf8' }));
    assert.deepEqual(out, { ok: true, quotesOk: true, inlineOk: true, evmOk: true, quotes: ['verifyQuote', 'forChains'], client: 'function' });
    const cli = execFileSync(join(app, 'node_modules/.bin/stableroutes'),
      ['verify', 'quote.json', '--chains', 'chains.json', '--now', String(f.NOW)], { cwd: app, encoding: 'utf8' });
    assert.match(cli, /quote verified/);
  });
});
