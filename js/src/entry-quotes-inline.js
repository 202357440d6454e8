// `stableroutes/quotes/inline`: stableroutes/quotes with its module inside this script, for a page
// that cannot announce the module's fetch in its HTML (js/README.md, "One request"). On a cold
// page the separate module is a second request that starts only once the script has run: a round
// trip on a phone network (165 ms on Chromium's "Fast 4G"), more than the module's whole
// transfer. Here the module is gzipped and written as base64 (dist/quote-verifier-packed.js,
// made by scripts/build.mjs; packed-module.js unpacks it as it compiles). The price: a page's later
// visits compile the module again instead of taking it from the browser's cache of compiled
// modules, and a server that sends brotli saves less on it.
import packed from '../dist/quote-verifier-packed.js';
import { unpackModule } from './packed-module.js';
import { instantiateQuoteVerifier } from './verifier.js';

export { CHECK_NAMES } from './verifier.js';

export async function loadQuoteVerifier() {
  return instantiateQuoteVerifier(unpackModule(packed));
}
