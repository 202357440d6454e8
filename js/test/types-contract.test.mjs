// The package's types and the API contract cannot drift apart: types/api.d.ts is exactly what
// openapi-typescript generates from edge-worker/openapi.json (the API types in index.d.ts and
// client.d.ts are aliases of it), and the verifier's check-name unions are exactly the names its
// reports carry.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';

import { loadVerifier, CHECK_NAMES } from 'stableroutes';
import { generatedTypes, GENERATED_URL } from '../scripts/types.mjs';
import * as f from './fixtures.mjs';
import { typecheckModule } from './typecheck.mjs';

it('types/api.d.ts is what openapi-typescript generates from the API contract', async () => {
  assert.ok(readFileSync(GENERATED_URL, 'utf8') === (await generatedTypes()), 'types/api.d.ts is stale: run npm run types --workspace js');
});

/** Lines that compile only when the union `type` has exactly the members `names`. */
const exactly = (type, names) => [
  `const ${type}Declared: [${type}] extends [${names.map((n) => JSON.stringify(n)).join(' | ')}] ? true : false = true;`,
  `const ${type}Listed: [${names.map((n) => JSON.stringify(n)).join(' | ')}] extends [${type}] ? true : false = true;`,
  `export { ${type}Declared, ${type}Listed };`,
];

it('QuoteCheckName and GaslessCheckName are exactly the names of the verifier\'s reports', async () => {
  const verifier = await loadVerifier();
  const quote = f.buildQuote();
  const quoteNames = verifier.verifyQuote(quote, { chains: f.chains, request: f.request(), now: f.NOW }).checks.map((c) => c.name);
  assert.deepEqual(quoteNames, [...CHECK_NAMES]);
  const gasless = verifier.verifyGaslessPayload(quote, { ...(await f.erc3009For(quote)), chains: f.chains, tokens: f.tokens, now: f.NOW });
  typecheckModule('check-names.mts', [
    "import type { QuoteCheckName, GaslessCheckName } from 'stableroutes';",
    ...exactly('QuoteCheckName', quoteNames),
    ...exactly('GaslessCheckName', gasless.checks.map((c) => c.name)),
  ]);
});
