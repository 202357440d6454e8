// Changes an attacker (or a bug) could make to a quote the service issued, each with the check of
// the `stableroutes` verifier that must catch it. Shared by the suites that verify the core
// Service's quotes and the quotes the real worker serves over HTTP. Every change applies to a
// fresh allQuotes answer of the engine (an EVM source with at least one competing quote);
// `other` is an address that appears nowhere in the quote.
export function quoteTampers(other) {
  return [
    ['amount', 'route-matches-request', (q) => { q.source.amount = '1'; }],
    ['recipient', 'route-matches-request', (q) => { q.destination.recipient = other; }],
    ['minimum output', 'delivery-route', (q) => { q.destination.minAmountOut = (BigInt(q.destination.minAmountOut) + 1n).toString(); }],
    ['portal', 'funding-target', (q) => { q.execution.transaction.to = other; }],
    ['signature', 'signature', (q) => { q.signature = `${q.signature.slice(0, -2)}${q.signature.endsWith('1b') ? '1c' : '1b'}`; }],
    ['expiry', 'signature', (q) => { q.expiresAt += 60; }],
    ['vault', 'vault', (q) => { q.execution.vault = other; }],
    ['calldata', 'funding-calldata', (q) => {
      const data = q.execution.transaction.data; // the last digit of the reward amount
      q.execution.transaction.data = `${data.slice(0, -1)}${data.endsWith('0') ? '1' : '0'}`;
    }],
    ['intent hash', 'intent-hashes', (q) => { q.steps[0].intents[0].intent.route.deadline += 1; }],
    ['slippage', 'slippage-bound', (q) => { q.slippage = 0.001; }],
    ['competing quote', 'competing-quotes', (q) => { q.competingQuotes[0].execution.vault = other; }],
  ];
}

/** The names of the checks a report failed, in report order. */
export const failedChecks = (report) => report.checks.filter((c) => !c.ok).map((c) => c.name);
