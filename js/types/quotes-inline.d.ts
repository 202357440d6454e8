// Types of `stableroutes/quotes/inline`: stableroutes/quotes with the module inside the script (one
// request instead of two on a cold page). In workerd it resolves to stableroutes/quotes (a worker
// cannot compile a module from bytes), whose loadQuoteVerifier() takes the bundled module.

import type { QuoteVerifier } from './quotes.js';

export type {
  ChainBoundQuoteVerifier, ChainRecord, Quote, QuoteCheckName, QuoteRequest, QuoteVerifier, VerificationCheck,
  VerificationReport, VerifyQuoteOptions,
} from './quotes.js';

/** Unpacks and instantiates the module this script carries. */
export function loadQuoteVerifier(): Promise<QuoteVerifier>;

export { CHECK_NAMES } from './quotes.js';
