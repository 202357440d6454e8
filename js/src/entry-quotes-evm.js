// `stableroutes/quotes/evm`: the quote verifier for dapps that move money between EVM chains only,
// in one request as stableroutes/quotes/inline (whose comment says why). Its module,
// wasm/quote-verifier-evm.wasm, is the quote-only module linked without the Solana code (about
// 10 KiB gzip of it): a quote that touches an SVM chain fails every check that needs that chain,
// naming it, and never passes; Solana's records in the chain list are accepted and left unread.
import packed from '../dist/quote-verifier-evm-packed.js';
import { unpackModule } from './packed-module.js';
import { instantiateQuoteVerifier } from './verifier.js';

export { CHECK_NAMES } from './verifier.js';

export async function loadQuoteVerifier() {
  return instantiateQuoteVerifier(unpackModule(packed));
}
