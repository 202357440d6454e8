// derived-vectors.json (read by the C++ tests) is what its generator derives from the committed
// protocol-vectors.json today: a change of the vectors without regenerating fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { render } from '../vectors/derived-vectors.gen.mjs';

const read = (name) => readFileSync(new URL(`../vectors/${name}`, import.meta.url), 'utf8');

it('derived-vectors.json is regenerated from the current protocol-vectors.json', () => {
  assert.equal(read('derived-vectors.json'), render(JSON.parse(read('protocol-vectors.json'))),
    'run node tests/vectors/derived-vectors.gen.mjs');
});
