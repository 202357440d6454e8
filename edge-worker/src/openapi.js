// The OpenAPI 3.1 document the service serves at GET /openapi.json: every endpoint of the API
// contract, and the decisions the specification leaves open, written where integrators read them.
import { SCHEMA_VERSION } from "./http.js";

const ref = (name) => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema) => ({ oneOf: [schema, { type: "null" }] });
const object = (properties, required = Object.keys(properties), description) => ({
  type: "object",
  ...(description ? { description } : {}),
  required,
  properties,
});
const string = (description, extra = {}) => ({ type: "string", description, ...extra });
const integer = (description, extra = {}) => ({ type: "integer", description, ...extra });
const boolean = (description) => ({ type: "boolean", description });
const array = (items, description) => ({ type: "array", items, ...(description ? { description } : {}) });
const enumOf = (values, description) => ({ type: "string", enum: values, description });

const S = {
  Address: string("EVM address (0x + 40 hex, EIP-55 checksummed in responses) or Solana base58 public key.", { examples: ["0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"] }),
  EvmAddress: string("EVM address, 0x + 40 hex digits; EIP-55 checksummed in responses.", { pattern: "^0x[0-9a-fA-F]{40}$" }),
  Hash32: string("32-byte hash, lowercase 0x-hex in responses.", { pattern: "^0x[0-9a-fA-F]{64}$" }),
  HexBytes: string("0x-prefixed hex bytes.", { pattern: "^0x([0-9a-fA-F]{2})*$" }),
  Amount: string("Decimal integer in the token's smallest unit.", { pattern: "^[0-9]+$", examples: ["1000000"] }),
  ChainId: integer("Chain id (EVM chain id; Solana uses the configured id).", { minimum: 1 }),
  Uuid: string("UUID.", { format: "uuid" }),
  UnixSeconds: integer("Unix time, seconds.", { minimum: 0 }),
};

// The status state machine (src/service/intent_status.h, docs/status.md): first matching row wins.
const STATUS_TRANSITIONS = `Derived only from Portal and prover events (IntentPublished, IntentFunded, IntentFulfilled, IntentProven, IntentWithdrawn, IntentRefunded), polled with eth_getLogs or pushed to /internal/chain-events; a log seen twice changes nothing. Rules, first match wins ("source time" / "destination time" = the latest block time of that chain, never earlier than the server clock):
| recorded on chain | time | status |
| - | - | - |
| refunded | any | refunded |
| proven or withdrawn | any | settled |
| fulfilled (destination) | any | filled |
| funded, complete | source time >= reward deadline | refundable |
| funded, complete | destination time > route deadline | expired (no fill can land; refund opens at the reward deadline) |
| funded, complete | before the route deadline | pending |
| funded, partial | source time >= reward deadline | refundable |
| published or partly funded | destination time > route deadline | failed (funding never completed) |
| published or partly funded | before the route deadline | pending |
| nothing (the quote was issued, never funded) | destination time > route deadline | expired |
| nothing | before the route deadline | pending |
| no record for the identifier | | unknown |
So an intent moves pending -> filled -> settled when a solver fills and proves it, or pending -> expired -> refundable -> refunded when nobody fills it. A refund after a fill (the solver never proved in time) reports refunded. updatedAt is when the reported status began: the last event that changed the record, or the second a deadline moved it (the reward deadline itself for refundable: the Portal refunds at block.timestamp >= reward.deadline; the second after the route deadline for expired and failed). refundable and expired bodies carry refund, the Portal call that returns the reward to its creator. Multi-hop: the stitched-source intent can be filled or settled while the recipient is not yet paid; a quoteId lookup reports the stitched-destination (delivery) intent.`;

const schemas = {
  ...S,
  Problem: object(
    {
      type: string("URI naming the problem: urn:stableroutes:problem:<code>."),
      title: string("Short summary of the problem type."),
      status: integer("HTTP status."),
      code: enumOf(
        ["invalid-request", "invalid-api-key", "partner-not-mapped", "feature-not-enabled", "not-found", "method-not-allowed", "conflict", "payload-too-large", "unsupported-media-type", "chain-not-supported", "funding-would-fail", "rate-limited", "solver-error", "chain-unverified", "internal"],
        "Stable machine-readable code.",
      ),
      detail: string("What went wrong, for a person."),
      errors: array(object({ field: string("Dotted path of the field to correct, e.g. source.amount; \"body\" for the body as a whole."), message: string("What to change.") }), "Every field to correct (400); empty otherwise."),
      requestId: string("The x-request-id of this request."),
    },
    ["type", "title", "status", "code", "detail", "errors", "requestId"],
    "application/problem+json (RFC 9457) body of every error except the missing-key 403.",
  ),
  GatewayForbidden: object({ Message: { const: "User is not authorized to access this resource" } }, ["Message"], "Gateway answer to a keyed endpoint called without x-api-key."),
  Health: object({
    status: { const: "ok" },
    environment: string("Configuration in use: local or production."),
    schemaVersion: { const: SCHEMA_VERSION },
    core: object({ state: enumOf(["not-loaded", "loading", "ready", "failed"], "Engine state in this isolate."), instantiateMs: nullable({ type: "number" }), constructMs: nullable({ type: "number" }) }),
  }),
  NativeCurrency: object({ symbol: string("Symbol."), decimals: integer("Decimals.") }),
  ChainRecord: object(
    {
      chainId: ref("ChainId"),
      name: string("Chain name."),
      vm: enumOf(["evm", "svm"], "Virtual machine family."),
      portal: ref("Address"),
      prover: ref("Address"),
      permit2: nullable(ref("Address")),
      permit3: nullable(ref("Address")),
      vaultInitCodeHash: nullable(ref("Hash32")),
      quoteSigner: ref("EvmAddress"),
      nativeCurrency: ref("NativeCurrency"),
      blockExplorerUrl: { ...nullable(string("Block explorer base URL.", { format: "uri" })), description: "Block explorer base URL; null on chains without an explorer (local chains)." },
      rpcUrl: string("Local configuration only: loopback JSON-RPC URL of the local chain.", { format: "uri" }),
      vaultDerivation: enumOf(
        ["confirmed", "unconfirmed"],
        "confirmed: this chain's Portal answered intentVaultAddress with exactly the vault the service derives from portal and vaultInitCodeHash. Deposit addresses, ERC-3009 authorizations and Permit3 transfers (mode 0) pay a vault directly, with no Portal call in between: on an unconfirmed chain the service refuses them with 503 chain-unverified and Retry-After, because funds sent to a wrongly derived vault would be lost. Funding through the Portal (execution.transaction), Permit2 and Permit3 allowances work either way (they only let the vault the Portal deploys pull). Chains without an EVM vault (Solana) are always unconfirmed.",
      ),
    },
    ["chainId", "name", "vm", "portal", "prover", "permit2", "permit3", "vaultInitCodeHash", "quoteSigner", "nativeCurrency", "blockExplorerUrl", "vaultDerivation"],
    "A supported chain. A client recomputes vault addresses from portal and vaultInitCodeHash alone; quoteSigner signs this chain's quotes.",
  ),
  TokenRecord: object({
    chainId: ref("ChainId"),
    address: ref("Address"),
    symbol: string("Symbol."),
    name: string("Name."),
    decimals: integer("Decimals.", { minimum: 0 }),
    gasless: array(enumOf(["permit3", "permit2", "erc3009"]), "Gasless authorization standards the token supports."),
    eip712: nullable(object({ name: string("EIP-712 domain name."), version: string("EIP-712 domain version.") })),
  }),
  Call: object({ target: ref("Address"), data: ref("HexBytes"), value: ref("Amount") }, ["target", "data", "value"], "A destination call; value in base units of the native currency."),
  QuoteRequest: object(
    {
      type: enumOf(["exact-in", "exact-out", "custom"], "exact-in fixes source.amount; exact-out fixes destination.amount; custom spends source.amount and runs destination.calls."),
      source: object(
        {
          chainId: ref("ChainId"),
          token: ref("Address"),
          amount: ref("Amount"),
          funder: ref("Address"),
          refundRecipient: { ...ref("Address"), description: "Receives the source funds on refund. Defaults to source.funder." },
        },
        ["chainId", "token", "funder"],
      ),
      destination: object(
        { chainId: ref("ChainId"), token: ref("Address"), recipient: ref("Address"), amount: ref("Amount"), calls: array(ref("Call"), "Required for custom.") },
        ["chainId", "token", "recipient"],
      ),
      slippage: { type: "number", minimum: 0.0001, maximum: 1, default: 0.005, description: "Decimal fraction of the destination amount." },
      dappId: string("Attribution label; never authenticates and never changes pricing.", { minLength: 1, maxLength: 128 }),
      options: object({ allQuotes: boolean("List every competing quote, each signed, ranked best first. Needs a key with the all-quotes feature (else 400 invalid-request naming options.allQuotes).") }, []),
    },
    ["type", "source", "destination", "dappId"],
    "Unknown fields anywhere are rejected with 400; the retired names swapType, root funder and encodedRoute are rejected with a message naming their replacement.",
  ),
  FeeToken: object({ chainId: ref("ChainId"), address: ref("Address"), symbol: string("Symbol."), decimals: integer("Decimals.") }),
  Fee: object({
    type: enumOf(["gas", "proving", "protocol", "gateway"], "Fee type."),
    amount: ref("Amount"),
    token: ref("FeeToken"),
    estimate: boolean("false: the amount is binding."),
  }),
  TokenAmount: object({ token: ref("Address"), amount: ref("Amount") }),
  Route: object(
    { salt: ref("Hash32"), deadline: ref("UnixSeconds"), portal: ref("Address"), nativeAmount: ref("Amount"), tokens: array(ref("TokenAmount")), calls: array(ref("Call")) },
    undefined,
    "Destination side of an intent (protocol page: Route).",
  ),
  Reward: object(
    { deadline: ref("UnixSeconds"), creator: ref("Address"), prover: ref("Address"), nativeAmount: ref("Amount"), tokens: array(ref("TokenAmount")) },
    undefined,
    "Source side of an intent; creator receives refunds (the refund recipient).",
  ),
  Intent: object({ destination: ref("ChainId"), route: ref("Route"), reward: ref("Reward") }, undefined, "Decoded intent; intentHash = keccak256(uint64 destination ‖ keccak256(encodedRoute) ‖ keccak256(abi.encode(reward))."),
  StepIntent: object({
    role: enumOf(["direct", "stitched-source", "stitched-destination", "bucket-candidate"], "stitched-destination credits the recipient and is the intent to track; bucket-candidate entries are alternatives, not all of which fill."),
    intentHash: ref("Hash32"),
    sourceChainId: ref("ChainId"),
    destinationChainId: ref("ChainId"),
    intent: ref("Intent"),
    encodedRoute: ref("HexBytes"),
    vault: ref("Address"),
  }),
  Step: object({ provider: string("Who executes this leg."), intents: array(ref("StepIntent")) }),
  Solver: object({ id: string("Solver id."), name: string("Solver name.") }),
  EvmTransaction: object(
    { type: { const: "evm" }, chainId: ref("ChainId"), from: ref("EvmAddress"), to: ref("EvmAddress"), data: ref("HexBytes"), value: ref("Amount") },
    undefined,
    "Sent as-is from source.funder. For funding: to = source Portal, data = publishAndFund(destination, encodedRoute, reward, false).",
  ),
  SvmAccountMeta: object({ pubkey: ref("Address"), isSigner: boolean("Signs."), isWritable: boolean("Writable.") }),
  SvmInstruction: object({ programId: ref("Address"), accounts: array(ref("SvmAccountMeta")), data: string("Instruction data, base64.", { contentEncoding: "base64" }) }),
  SvmTransaction: object({ type: { const: "svm" }, feePayer: ref("Address"), instructions: array(ref("SvmInstruction")) }),
  Transaction: { oneOf: [ref("EvmTransaction"), ref("SvmTransaction")], discriminator: { propertyName: "type", mapping: { evm: "#/components/schemas/EvmTransaction", svm: "#/components/schemas/SvmTransaction" } } },
  Execution: object({
    transaction: ref("Transaction"),
    intent: ref("Intent"),
    vault: { ...ref("Address"), description: "Vault the source Portal funds; the counterparty of gasless submits." },
    approval: { ...nullable(ref("EvmTransaction")), description: "ERC-20 approve(portal, amount) the funder sends first, or null." },
  }),
  Quote: object(
    {
      id: string("quote:<uuid v4>. Signed with its prefix; status lookups take the bare UUID.", { pattern: "^quote:[0-9a-f-]{36}$" }),
      type: enumOf(["exact-in", "exact-out", "custom"], "Echo of the request type."),
      source: object({ chainId: ref("ChainId"), token: ref("Address"), amount: ref("Amount"), funder: ref("Address"), refundRecipient: ref("Address") }, ["chainId", "token", "amount", "funder"]),
      destination: object(
        { chainId: ref("ChainId"), token: ref("Address"), recipient: ref("Address"), amount: ref("Amount"), calls: array(ref("Call")), amountOut: ref("Amount"), minAmountOut: ref("Amount") },
        ["chainId", "token", "recipient", "amountOut", "minAmountOut"],
      ),
      slippage: { type: "number", description: "Tolerance bound into destination.minAmountOut." },
      fees: array(ref("Fee")),
      steps: array(ref("Step")),
      solver: ref("Solver"),
      intentHash: { ...nullable(ref("Hash32")), description: "The primary intent; null when every intent is listed under steps[].intents." },
      execution: ref("Execution"),
      expiresAt: ref("UnixSeconds"),
      signature: string("EIP-712 signature r ‖ s ‖ v (65 bytes, v = 27 or 28, low s) by the source chain's quoteSigner over Quote(string id, bytes32[] intentHashes, uint64 expiresAt), domain {name: ServiceQuoteV1, version: 1, chainId: source.chainId}; intentHashes = intentHash plus every steps[].intents[].intentHash, lowercased, de-duplicated, sorted ascending.", { pattern: "^0x[0-9a-f]{130}$" }),
      competingQuotes: { ...nullable(array(ref("Quote"))), description: "Every competing quote, each signed, ranked best first, when options.allQuotes is true; null otherwise." },
    },
    ["id", "type", "source", "destination", "slippage", "fees", "steps", "solver", "intentHash", "execution", "expiresAt", "signature", "competingQuotes"],
  ),
  TransactionRef: object({ chainId: ref("ChainId"), transactionHash: string("Transaction hash or signature."), blockNumber: integer("Block or slot."), blockExplorerUrl: { ...nullable(string("Explorer link.", { format: "uri" })), description: "<chain blockExplorerUrl>/tx/<hash>; null on chains without an explorer (local chains)." } }),
  IntentTransactions: object(Object.fromEntries(["published", "funded", "fulfilled", "proven", "withdrawn", "refunded"].map((k) => [k, nullable(ref("TransactionRef"))]))),
  IntentStatusValue: enumOf(["pending", "filled", "settled", "refundable", "expired", "refunded", "failed", "unknown"], "Derived from Portal events; unknown: no record for this identifier."),
  IntentRefund: object(
    {
      transaction: object(
        { type: { const: "evm" }, chainId: ref("ChainId"), to: { ...ref("EvmAddress"), description: "The source chain's Portal." }, data: { ...ref("HexBytes"), description: "refund(uint64 destination, bytes32 routeHash, Reward reward), selector 0x308adade." }, value: { ...ref("Amount"), const: "0" } },
        undefined,
        "Sent from any account: the Portal returns the reward to reward.creator whoever calls. No from, unlike EvmTransaction.",
      ),
      availableAt: { ...ref("UnixSeconds"), description: "The reward deadline: the Portal accepts the call in a source block whose timestamp is at least this (the second the status turns refundable); before it the call reverts." },
    },
    undefined,
    "The Portal call that returns an unfilled intent's reward to its creator.",
  ),
  IntentStatus: object(
    {
      intentHash: { ...nullable(ref("Hash32")), description: "The reported intent; null for an unknown quoteId." },
      status: ref("IntentStatusValue"),
      sourceChainId: nullable(ref("ChainId")),
      destinationChainId: nullable(ref("ChainId")),
      updatedAt: { ...nullable(ref("UnixSeconds")), description: "When the reported status began; null for unknown." },
      transactions: ref("IntentTransactions"),
      refund: {
        ...nullable(ref("IntentRefund")),
        description: "When the status is refundable or expired: the source Portal's refund call, which anyone may send. null for every other status, for Solana sources (their refund is a Solana instruction) and for intents whose reward the server has not seen (neither quoted here nor published yet).",
      },
    },
    undefined,
    STATUS_TRANSITIONS,
  ),
  Permit3Permit: object({ modeOrExpiration: ref("Amount"), tokenKey: ref("Hash32"), account: { ...ref("EvmAddress"), description: "Must equal execution.vault." }, amountDelta: ref("Amount") }),
  Permit3Authorization: object({
    owner: ref("EvmAddress"),
    salt: ref("Hash32"),
    deadline: ref("UnixSeconds"),
    timestamp: ref("UnixSeconds"),
    chainPermits: object({ chainId: ref("ChainId"), permits: array(ref("Permit3Permit")) }),
    proof: array(ref("Hash32")),
  }),
  Permit2Authorization: object(
    {
      details: array(object({ token: ref("EvmAddress"), amount: ref("Amount"), expiration: ref("UnixSeconds"), nonce: integer("Permit2 nonce.") }), "One entry is signed as PermitSingle, several as PermitBatch; domain verifyingContract = the chain's permit2."),
      spender: { ...ref("EvmAddress"), description: "Must equal execution.vault." },
      sigDeadline: ref("UnixSeconds"),
    },
  ),
  Erc3009Authorization: object({ from: ref("EvmAddress"), to: { ...ref("EvmAddress"), description: "Must equal the vault." }, value: ref("Amount"), validAfter: ref("UnixSeconds"), validBefore: ref("UnixSeconds"), nonce: ref("Hash32") }),
  Erc2612Permit: object({ owner: ref("EvmAddress"), spender: { ...ref("EvmAddress"), description: "Must equal the vault." }, value: ref("Amount"), nonce: ref("Amount"), deadline: ref("UnixSeconds") }),
  Signature65: string("65-byte signature r ‖ s ‖ v, 0x-hex.", { pattern: "^0x[0-9a-fA-F]{130}$" }),
  GaslessPermit3Request: object({ quote: { ...ref("Quote"), description: "The signed quote exactly as received." }, permit3: ref("Permit3Authorization"), signature: ref("Signature65") }),
  GaslessPermit2Request: object({ quote: ref("Quote"), permit2: ref("Permit2Authorization"), signature: ref("Signature65") }),
  GaslessErc3009Request: object({ quote: ref("Quote"), authorization: ref("Erc3009Authorization"), signature: ref("Signature65") }),
  GaslessJob: object({
    id: string("job:<uuid>.", { pattern: "^job:[0-9a-f-]{36}$" }),
    status: enumOf(["accepted", "published", "failed"], "published is not delivery: track the intent's status."),
    standard: enumOf(["permit3", "permit2", "erc3009", "erc2612", "transfer"], "Authorization standard; erc2612 and transfer only for deposit addresses (transfer: tokens sent to the vault, funded by the relayer once they cover the amount)."),
    quoteId: ref("Uuid"),
    intentHash: ref("Hash32"),
    chainId: ref("ChainId"),
    transactionHash: nullable(ref("Hash32")),
    error: nullable({ type: "string" }),
    createdAt: ref("UnixSeconds"),
    updatedAt: ref("UnixSeconds"),
  }),
  DepositAddressRequest: object({
    source: object({ chainId: ref("ChainId"), token: ref("Address"), amount: ref("Amount") }),
    destination: object({ chainId: ref("ChainId"), token: ref("Address"), recipient: ref("Address") }),
    refundRecipient: ref("Address"),
  }),
  DepositAddress: object({
    vaultAddress: ref("EvmAddress"),
    intentHash: ref("Hash32"),
    quoteId: ref("Uuid"),
    deadline: ref("UnixSeconds"),
    source: object({ chainId: ref("ChainId"), token: ref("Address"), amount: ref("Amount") }),
    destination: object({ chainId: ref("ChainId"), token: ref("Address"), recipient: ref("Address") }),
    fees: array(ref("Fee")),
    minAmountOut: ref("Amount"),
    fundingMethods: array(enumOf(["erc-3009", "erc-2612", "transfer"])),
  }),
  DepositSubmitErc3009: object({ vaultAddress: ref("EvmAddress"), authorization: ref("Erc3009Authorization"), signature: ref("Signature65") }),
  DepositSubmitErc2612: object({ vaultAddress: ref("EvmAddress"), permit: ref("Erc2612Permit"), signature: ref("Signature65") }),
  DepositStatus: object({
    vaultAddress: ref("EvmAddress"),
    status: string("The intent's status (IntentStatusValue) once chain events report it; before that awaiting-funding, partially-funded (transfers below the amount), funding-submitted (a funding job exists or transfers cover the amount), funding-failed (the funding job failed) or expired (the deadline passed unfunded)."),
    deadline: ref("UnixSeconds"),
    intentHash: ref("Hash32"),
    transactions: ref("IntentTransactions"),
  }),
  DepositAddressRecord: { allOf: [ref("DepositAddress"), object({ status: string("As in DepositStatus."), job: nullable(ref("GaslessJob")), intentStatus: nullable(ref("IntentStatus")) })] },
  ChainEvents: object({
    chainId: ref("ChainId"),
    logs: array(object({ address: ref("EvmAddress"), topics: array(ref("Hash32")), data: ref("HexBytes"), blockNumber: string("Hex quantity, as in eth_getLogs."), transactionHash: ref("Hash32"), logIndex: string("Hex quantity, as in eth_getLogs.") })),
  }),
  ChainEventsResult: object({
    applied: integer("Logs that changed a record (0 for logs already seen)."),
    updated: integer("Intent records that changed."),
    ignored: array(object({ index: integer("Position in logs."), reason: string("Why it counts for nothing: not emitted by the chain's Portal or prover, not an intent event, malformed event data.") })),
  }),
  // Live status streams (GET /v1/intents/stream) and webhooks (/v1/webhooks).
  IntentStatusStreamEvent: object(
    {
      event: { const: "status", description: "The event name; the only one sent." },
      id: string("Names the status body (the first 16 hex digits of its SHA-256). A client reconnecting with it as Last-Event-ID is not sent that status again.", { pattern: "^[0-9a-f]{16}$" }),
      data: { type: "string", contentMediaType: "application/json", contentSchema: ref("IntentStatus"), description: "The IntentStatus JSON on one line, exactly as GET /v1/intents/status would answer at that moment." },
    },
    undefined,
    "One Server-Sent Event of a status stream: the lines `event: status`, `id: <id>`, `data: <IntentStatus JSON>`, then a blank line. Comment lines `: keep-alive` come in between (every 15 s).",
  ),
  WebhookEventType: enumOf(["intent.status"], "intent.status: the intent's status changed (the first status known counts as a change). The one event type."),
  WebhookCreateRequest: object(
    {
      url: string("Where deliveries are POSTed: https, at most 2,048 characters, no credentials or fragment; in production the host must be a public address or a name whose every resolved address is public (private, loopback, link-local, shared, multicast, reserved and cloud-metadata addresses, internal names such as localhost or *.internal, and numbers spelled as names are refused, at creation and again before every delivery).", { format: "uri", maxLength: 2048 }),
      events: { ...array(ref("WebhookEventType"), "Event types to receive; no repeats."), minItems: 1, uniqueItems: true },
      description: string("Your label for the endpoint: 1 to 256 characters without control characters.", { minLength: 1, maxLength: 256 }),
    },
    ["url", "events"],
    "Unknown fields are rejected with 400 naming them.",
  ),
  WebhookEndpoint: object(
    {
      id: string("wh:<uuid>.", { pattern: "^wh:[0-9a-f-]{36}$" }),
      url: string("The endpoint URL as given.", { format: "uri" }),
      events: array(ref("WebhookEventType")),
      description: string("As given; absent when none was."),
      createdAt: ref("UnixSeconds"),
    },
    ["id", "url", "events", "createdAt"],
    "A webhook endpoint of this API key, without its secret.",
  ),
  WebhookEndpointCreated: {
    allOf: [
      ref("WebhookEndpoint"),
      object({ secret: string("whsec_<base64 of 32 random bytes>: the HMAC key deliveries are signed with (Standard Webhooks). Shown in this answer only: it is stored encrypted and never listed, so keep it now, on the receiving server.", { pattern: "^whsec_[A-Za-z0-9+/]{43}=$" }) }),
    ],
  },
  WebhookDelivery: object(
    {
      id: string("msg:<hex>: the webhook-id header of every attempt of this delivery (stable across retries: deduplicate on it).", { pattern: "^msg:[0-9a-f]+$" }),
      eventType: ref("WebhookEventType"),
      intentHash: ref("Hash32"),
      status: { ...ref("IntentStatusValue"), description: "The intent status the payload carries." },
      attempts: integer("Attempts so far; 0 before the first.", { minimum: 0 }),
      lastStatusCode: { ...nullable(integer("HTTP status.")), description: "HTTP status of the last attempt; null before the first, or when it ended without an answer (network error, 10 s timeout, a URL no longer acceptable)." },
      nextAttemptAt: { ...nullable(ref("UnixSeconds")), description: "When the next attempt is due; null once delivered or given up." },
      deliveredAt: { ...nullable(ref("UnixSeconds")), description: "When a 2xx answered; null until then. Both nextAttemptAt and deliveredAt null: given up, three days after the first attempt." },
    },
    undefined,
    "One delivery (one status change for one endpoint) and where it stands.",
  ),
  WebhookPayload: object(
    {
      type: { const: "intent.status", description: "The event type." },
      timestamp: string("When the change was noticed, RFC 3339 UTC (e.g. 2026-11-25T10:00:00Z).", { format: "date-time" }),
      data: ref("IntentStatus"),
    },
    undefined,
    "The JSON body of a delivery. Sign-checked as raw bytes: verify the signature over the body exactly as received, before parsing it.",
  ),
  LegacyContracts: object({ sourcePortal: ref("EvmAddress"), destinationPortal: ref("EvmAddress"), prover: ref("EvmAddress") }, [], "Defaults are used when omitted."),
  LegacyQuoteRequest: object({
    dAppID: string("Client application identifier (attribution only)."),
    intentExecutionTypes: array(enumOf(["SELF_PUBLISH"], "Execution type."), "SELF_PUBLISH is the one served."),
    quoteRequest: object({
      sourceChainID: ref("ChainId"),
      destinationChainID: ref("ChainId"),
      sourceToken: ref("Address"),
      destinationToken: ref("Address"),
      sourceAmount: ref("Amount"),
      funder: ref("Address"),
      refundRecipient: ref("Address"),
      recipient: ref("Address"),
    }),
    contracts: ref("LegacyContracts"),
  }, ["dAppID", "intentExecutionTypes", "quoteRequest"]),
  LegacyFee: object({ name: string("Fee name."), description: string("Fee description."), token: object({ address: ref("Address"), decimals: integer("Decimals."), symbol: string("Symbol.") }), amount: ref("Amount") }),
  LegacyQuoteEntry: object({
    quoteID: string("Quote id."),
    solverID: string("Solver id."),
    receiveSignedIntentUrl: nullable(string("Where a signed intent would be sent. Always null here: this deployment takes no signed intents; fund with the entry's own publishAndFund.")),
    quoteData: object({
      quoteResponse: object({
        intentExecutionType: enumOf(["SELF_PUBLISH"], "Execution type."),
        sourceChainID: ref("ChainId"),
        destinationChainID: ref("ChainId"),
        sourceToken: ref("Address"),
        destinationToken: ref("Address"),
        sourceAmount: ref("Amount"),
        destinationAmount: { ...ref("Amount"), description: "exactIn: the guaranteed output for the fixed sourceAmount. exactOut: the requested amount, delivered exactly." },
        funder: ref("Address"),
        refundRecipient: ref("Address"),
        recipient: ref("Address"),
        fees: array(ref("LegacyFee")),
        deadline: { ...ref("UnixSeconds"), description: "The reward deadline." },
        estimatedFulfillTimeSec: integer("Seconds."),
        encodedRoute: { ...ref("HexBytes"), description: "ABI-encoded route of the protocol page." },
      }),
      contracts: ref("LegacyContracts"),
    }),
  }),
  LegacyQuoteResponse: object({ data: array(ref("LegacyQuoteEntry"), "One entry per solver.") }),
  LegacyIntentStatusRequest: object({ intentHash: string("Intent hash."), intentCreatedHash: string("Creation transaction hash."), fulfillmentHash: string("Fulfillment transaction hash.") }, []),
  LegacyTransaction: object({ chainId: ref("ChainId"), transactionHash: string("Transaction hash."), blockExplorerUrl: nullable(string("Explorer link; null on chains without an explorer.")) }),
  LegacyIntentStatusResponse: object({
    data: object({
      intentHash: string("Intent hash."),
      status: object({ status: enumOf(["Pending", "Completed"], "Status."), subStatus: enumOf(["WaitingToFulfill", "Fulfilled", "WaitingForRefund", "Refunded"], "Sub-status.") }),
      intentCreated: { ...nullable(ref("LegacyTransaction")), description: "The IntentPublished (else IntentFunded) transaction; null until seen." },
      fulfillment: { ...nullable(ref("LegacyTransaction")), description: "The destination's IntentFulfilled transaction; null until seen." },
      refund: { ...nullable(ref("LegacyTransaction")), description: "The IntentRefunded transaction; null unless refunded." },
    }, ["intentHash", "status", "intentCreated", "fulfillment", "refund"], "The v1 status mapped: pending -> Pending/WaitingToFulfill; filled, settled -> Completed/Fulfilled; expired, refundable, failed -> Pending/WaitingForRefund; refunded -> Completed/Refunded."),
  }),
};

const header = (description, schema = { type: "string" }) => ({ description, schema });
const headers = {
  "x-request-id": header("Echo of the client's x-request-id when it is 1-128 characters of [A-Za-z0-9._-], else a fresh id."),
  "x-schema-version": header("Wire-format version of every v1 response.", { const: SCHEMA_VERSION }),
  "RateLimit-Limit": header("Bucket size (burst) of this key's token bucket.", { type: "integer" }),
  "RateLimit-Remaining": header("Requests available right now.", { type: "integer" }),
  "RateLimit-Reset": header("Seconds until the bucket is full again.", { type: "integer" }),
  "Retry-After": header("Seconds to wait before retrying.", { type: "integer" }),
};
const h = (...names) => Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));
const V1 = ["x-request-id", "x-schema-version"];
const LIMITED = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];

// What the relayer's simulation refuses (src/service/funding_preflight.h).
const FUNDING_WOULD_FAIL = "funding-would-fail: before accepting, the relayer simulates its transactions against the latest block (eth_call) and they would revert; detail names the first reason: the funder's token balance is below the amount, the token is not approved to Permit2 or Permit3, the authorization (ERC-3009 nonce or EIP-2612 permit nonce) is already used, or the authorization call itself reverts (with its decoded reason). Nothing is sent and no job is created: correct the cause and submit again.";
const problem = (description, extraHeaders = []) => ({
  description,
  headers: h("x-request-id", ...extraHeaders),
  content: { "application/problem+json": { schema: ref("Problem") } },
});
const responses = {
  BadRequest: problem("invalid-request: errors[] names every field to correct (dotted paths); malformed JSON names the line, column and byte offset; a member name repeated in one object, an escaped unpaired UTF-16 surrogate (\\ud800 alone) and nesting deeper than 64 levels are refused the same way, so every reader of a body sees one meaning."),
  InvalidApiKey: problem("invalid-api-key: the key is unknown, revoked, or not enabled for v1."),
  MissingApiKey: { description: "No x-api-key: the gateway's exact body.", headers: h("x-request-id"), content: { "application/json": { schema: ref("GatewayForbidden") } } },
  PartnerNotMapped: problem("partner-not-mapped: the request cannot be attributed to an authorized key (the key has no partner)."),
  NotFound: problem("not-found."),
  Conflict: problem("conflict."),
  PayloadTooLarge: problem("payload-too-large: bodies are limited to 64 KiB (declared Content-Length and the bytes actually sent)."),
  UnsupportedMediaType: problem("unsupported-media-type: POST bodies must be application/json (UTF-8)."),
  ChainNotSupported: problem("chain-not-supported."),
  RateLimited: problem("rate-limited: honor Retry-After.", ["Retry-After", ...LIMITED]),
  SolverError: problem("solver-error: no solver will fill the route, or an upstream failure. Retry with a bounded delay after checking pair and amount."),
  FundingWouldFail: problem(FUNDING_WOULD_FAIL),
  ChainUnverified: problem("chain-unverified: the request would have funds paid straight to a vault (a deposit address, an ERC-3009 authorization's to, a Permit3 transfer's account) on a chain whose Portal has not confirmed the vault derivation (ChainRecord.vaultDerivation unconfirmed). Nothing is accepted. Retry after Retry-After seconds, or fund through the Portal (a quote's execution.transaction).", ["Retry-After"]),
  Internal: problem("internal: never caused by client input; quote the requestId."),
};
const r = (name) => ({ $ref: `#/components/responses/${name}` });

const ok = (status, description, schema, headerNames) => ({
  [status]: { description, headers: h(...headerNames), content: { "application/json": { schema } } },
});
const jsonBody = (schema) => ({ required: true, content: { "application/json": { schema } } });

function keyedOp(summary, { tags, ok: success, body, params = [], errors = [], description }) {
  return {
    tags,
    summary,
    ...(description ? { description } : {}),
    security: [{ apiKey: [] }],
    parameters: params,
    ...(body ? { requestBody: jsonBody(body) } : {}),
    responses: {
      ...success,
      ...(body ? { 400: r("BadRequest"), 413: r("PayloadTooLarge"), 415: r("UnsupportedMediaType") } : {}),
      401: r("InvalidApiKey"),
      403: r("MissingApiKey"),
      ...Object.fromEntries(errors),
      429: r("RateLimited"),
      500: r("Internal"),
    },
  };
}

function keylessOp(summary, { tags, ok: success, body, params = [], errors = [], description }) {
  return {
    tags,
    summary,
    ...(description ? { description } : {}),
    security: [],
    parameters: params,
    ...(body ? { requestBody: jsonBody(body) } : {}),
    responses: {
      ...success,
      ...(body ? { 400: r("BadRequest"), 413: r("PayloadTooLarge"), 415: r("UnsupportedMediaType") } : {}),
      ...Object.fromEntries(errors),
      429: r("RateLimited"),
      500: r("Internal"),
    },
  };
}

const queryParam = (name, description, schema, required = false) => ({ name, in: "query", required, description, schema });
const KEYED = [...V1, ...LIMITED];
const KEYLESS = ["x-request-id", ...LIMITED];

function depositPaths(slug) {
  const tags = ["Deposit addresses"];
  const base = `/v1/${slug}-gateway`;
  const vaultParam = { name: "vaultAddress", in: "path", required: true, description: "The deposit (vault) address.", schema: ref("EvmAddress") };
  return {
    [`${base}/deposit-addresses`]: {
      post: keylessOp("Create a deposit address", { tags, body: ref("DepositAddressRequest"), ok: ok(201, "The quoted per-intent vault and its deadline.", ref("DepositAddress"), [...V1, ...LIMITED]), errors: [[422, r("ChainNotSupported")], [502, r("SolverError")], [503, r("ChainUnverified")]] }),
    },
    [`${base}/submit/erc-3009`]: {
      post: keylessOp("Fund a deposit address with an ERC-3009 authorization", { tags, body: ref("DepositSubmitErc3009"), ok: { ...ok(202, "Accepted; the job.", ref("GaslessJob"), [...V1, ...LIMITED]), ...ok(200, "The same payload again: the existing job.", ref("GaslessJob"), [...V1, ...LIMITED]) }, errors: [[404, r("NotFound")], [409, r("Conflict")], [422, r("FundingWouldFail")], [503, r("ChainUnverified")]], description: "authorization.to must be the vault. A deposit address past its deadline refuses new submissions with 409." }),
    },
    [`${base}/submit/erc-2612`]: {
      post: keylessOp("Fund a deposit address with an EIP-2612 permit", { tags, body: ref("DepositSubmitErc2612"), ok: { ...ok(202, "Accepted; the job.", ref("GaslessJob"), [...V1, ...LIMITED]), ...ok(200, "The same payload again: the existing job.", ref("GaslessJob"), [...V1, ...LIMITED]) }, errors: [[404, r("NotFound")], [409, r("Conflict")], [422, r("FundingWouldFail")]], description: "permit.spender must be the vault. A deposit address past its deadline refuses new submissions with 409." }),
    },
    [`${base}/status`]: {
      get: keylessOp("Status of a deposit address", { tags, params: [queryParam("vaultAddress", "The deposit address.", ref("EvmAddress"), true)], ok: ok(200, "Status.", ref("DepositStatus"), [...V1, ...LIMITED]), errors: [[400, r("BadRequest")], [404, r("NotFound")]] }),
    },
    [`${base}/{vaultAddress}`]: {
      get: keylessOp("A deposit address and its intent status", { tags, params: [vaultParam], ok: ok(200, "The record.", ref("DepositAddressRecord"), [...V1, ...LIMITED]), errors: [[400, r("BadRequest")], [404, r("NotFound")]] }),
    },
  };
}

// One status, two codes: an OpenAPI response is keyed by status alone.
const GASLESS_UNPROCESSABLE = problem(`chain-not-supported: the quote's source chain is not served. ${FUNDING_WOULD_FAIL}`);

/** `paysVault`: when the authorization pays the vault directly, so that an unverified chain refuses it; null: never. */
function gaslessSubmit(standard, schema, binding, paysVault = null) {
  return {
    post: keyedOp(`Submit a ${standard} authorization for a quote`, {
      tags: ["Gasless"],
      body: ref(schema),
      description: `${binding} The key must be enabled for v1, mapped to a partner and have the gasless feature. The source token must list "${standard}" in gasless. Exactly one job exists per signed payload, also under concurrent submits; a quote has at most one job, whose id is job:<the quote's UUID>. Validity windows: the authorization must be usable now and stay usable until the quote's expiresAt (ERC-3009 validAfter < now and validBefore >= expiresAt; Permit2 sigDeadline and every expiration >= expiresAt; Permit3 deadline and allowance expirations >= expiresAt, mode 0 or an allowance), so the relayer can fund whenever it runs before the quote expires.${paysVault ? ` 503 chain-unverified, after every other check passed, ${paysVault}.` : ""}`,
      ok: { ...ok(202, "First acceptance: the new job.", ref("GaslessJob"), KEYED), ...ok(200, "The identical signed payload again: the existing job.", ref("GaslessJob"), KEYED) },
      errors: [
        [403, { description: "Missing key (gateway body), partner-not-mapped or feature-not-enabled (problem+json: the key lacks the gasless feature).", headers: h("x-request-id"), content: { "application/json": { schema: ref("GatewayForbidden") }, "application/problem+json": { schema: ref("Problem") } } }],
        [409, r("Conflict")],
        [422, GASLESS_UNPROCESSABLE],
        ...(paysVault ? [[503, r("ChainUnverified")]] : []),
      ],
    }),
  };
}

// Live status streams answer Server-Sent Events rather than JSON (src/intent-shards.js).
const STREAM_EXAMPLE = `event: status\nid: 5c7e0b1f9a3d2e41\ndata: {"intentHash":"0x4f…","status":"pending",…}\n\n: keep-alive\n\nevent: status\nid: 0d9a61c2b7e8f305\ndata: {"intentHash":"0x4f…","status":"filled",…}\n\n`;
const STREAM_BEHAVIOUR = "Server-Sent Events (text/event-stream) from the shard that owns the intent: the current status at once, then one `status` event per change of the status body (chain events, or a deadline passing), each `data` the IntentStatus JSON and each `id` naming that body; `: keep-alive` comments every 15 s. The server ends the stream after a final status (settled, refunded, failed) or after 10 minutes; reconnect with Last-Event-ID set to the last id received (EventSource does this itself) and the status already seen is not sent again. pending, filled, expired, refundable and unknown are not final: an intent hash without a record yet streams unknown, then its statuses once chain events create the record. 400 invalid-request names intentHash or quoteId (validated as GET /v1/intents/status validates them).";
function statusStream(headerNames) {
  return {
    200: {
      description: "The stream: IntentStatusStreamEvent events and keep-alive comments, until a final status or 10 minutes.",
      headers: h(...headerNames),
      content: {
        "text/event-stream": {
          schema: string("Server-Sent Events; every event is an IntentStatusStreamEvent."),
          // The schema of one event (OpenAPI 3.2 names this itemSchema; 3.1 has no field for it).
          "x-itemSchema": ref("IntentStatusStreamEvent"),
          example: STREAM_EXAMPLE,
        },
      },
    },
  };
}
const lastEventIdHeader = { name: "Last-Event-ID", in: "header", required: false, description: "The id of the last event received, when reconnecting: a status with that id is not sent again.", schema: { type: "string" } };

// Webhooks (src/webhooks.js, src/service/webhooks.h).
const WEBHOOKS_FORBIDDEN = { description: "Missing key (gateway body) or partner-not-mapped (problem+json): webhooks belong to partner-mapped keys.", headers: h("x-request-id"), content: { "application/json": { schema: ref("GatewayForbidden") }, "application/problem+json": { schema: ref("Problem") } } };
const webhookIdParam = { name: "id", in: "path", required: true, description: "wh:<uuid>. Another key's endpoint is not found (404), like a missing one.", schema: { type: "string" } };
const WEBHOOK_DELIVERY = `Each change of the status of an intent quoted with the endpoint's key (or created through its partner's deposit-address gateway) is POSTed to every subscribed endpoint of that key as application/json: {"type": "intent.status", "timestamp": RFC 3339, "data": IntentStatus}. Headers (Standard Webhooks): webhook-id (msg:<hex>, the same on every attempt of one delivery: deduplicate on it), webhook-timestamp (Unix seconds of this attempt), webhook-signature "v1,<base64 of HMAC-SHA256 keyed with the bytes of the secret after whsec_, over webhook-id + "." + webhook-timestamp + "." + the raw body>". Verify the signature over the exact bytes received and refuse timestamps far from now (stableroutes/client verifyWebhook, or any Standard Webhooks library). Any 2xx within 10 s is success; a network error, a timeout (10 s), a redirect or any other status is retried about 5 s, 30 s, 2 min, 10 min and 1 h after the attempts so far, then every 6 h until three days after the first attempt, when it is given up (GET /v1/webhooks/{id}/deliveries shows each delivery's attempts). Delivery is at least once, in order per intent (a status waits until the one before it was delivered or given up); one slow endpoint never delays another. Before every attempt the URL is checked again: in production https only, to public addresses (a name now resolving to a private address fails the attempt).`;

const DESCRIPTION = `Stablecoin transfer routes: executable, signed quotes between chains and tokens; gasless funding; deposit addresses; intent status.

Decisions this service takes where the specification leaves them open:
- Keys: x-api-key, stored only as SHA-256 digests and compared in constant time. Missing key on a keyed endpoint: 403 with exactly {"Message":"User is not authorized to access this resource"}; unknown, revoked or not v1-enabled: 401 invalid-api-key.
- Keyless: /health, /openapi.json, GET /v1/public/intents/stream, the five deposit-address endpoints and the legacy /api/v3 endpoints (the legacy interface needs no key). Keyless endpoints allow cross-origin reads (Access-Control-Allow-Origin: *); keyed endpoints send no CORS headers, because their key must never be in browser code.
- Errors are application/problem+json {type, title, status, code, detail, errors[{field, message}], requestId}; type is urn:stableroutes:problem:<code>. Wrong method on a known path: 405 method-not-allowed with Allow.
- Every response carries x-request-id (the client's echoed when it is 1-128 characters of [A-Za-z0-9._-]); every v1 response x-schema-version: ${SCHEMA_VERSION}; every keyed response RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset.
- Rate limits: a token bucket per key (local dev-key-acme 2,000/s burst 4,000; dev-key-slow 1/s burst 2) and per client address on keyless endpoints; 429 rate-limited with Retry-After seconds.
- Input limits: bodies up to 64 KiB (413); POST bodies must be application/json (415); malformed JSON is a 400 naming line, column and byte offset; duplicate member names in one object and escaped unpaired UTF-16 surrogates are malformed JSON too (a duplicate would let two readers see two different requests); JSON nesting is limited to 64 levels.
- Quotes: source.refundRecipient defaults to source.funder; destination.calls[] = {target, data, value}; slippage defaults to 0.005; unknown fields are rejected; the signed id includes its quote: prefix; competing quotes are in competingQuotes.
- Status: GET /v1/intents/status takes intentHash (0x + 64 hex) or quoteId (bare UUID); an identifier without a record answers 200 with status unknown. Status is derived from Portal events only; the transitions are in the IntentStatus schema. Chains are polled with eth_getLogs in bounded block ranges, re-reading a confirmation window for reorganisations; indexers may push logs to /internal/chain-events.
- Live status: GET /v1/intents/stream (keyed, intentHash or quoteId) and GET /v1/public/intents/stream (keyless, intentHash) are Server-Sent Events of IntentStatus bodies, to follow an intent without polling; they end after a final status or 10 minutes and resume with Last-Event-ID.
- Webhooks: a partner-mapped key registers https endpoints (POST /v1/webhooks) that receive every status change of its intents, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature), retried for three days, in order per intent, at least once; see the intent.status webhook.
- Addresses that receive funds directly: a deposit address, an ERC-3009 authorization's to and a Permit3 transfer's account are vaults paid with no Portal call in between, so they are accepted only on chains whose Portal has confirmed the vault derivation (ChainRecord.vaultDerivation confirmed, from an intentVaultAddress call); elsewhere 503 chain-unverified with Retry-After.
- Gasless relaying never pays for a failing transaction: every gasless and deposit submit is simulated (eth_call) before it is accepted, and one that would revert answers 422 funding-would-fail without sending anything or creating a job.
- The legacy exact-in service is POST /api/v3/quotes/exactIn with the exact-out request envelope.
- dappId (and the legacy dAppID) is recorded for attribution and never changes price or authentication.`;

/**
 * @param {string[]} partnerSlugs configured partners; each has its own deposit-address paths
 */
export function openApiDocument(partnerSlugs) {
  const v1 = ["Quotes"];
  return {
    openapi: "3.1.0",
    info: { title: "Stablecoin Transfer Routes API", version: SCHEMA_VERSION, description: DESCRIPTION },
    servers: [
      { url: "{base_url}", description: "v1 interface", variables: { base_url: { default: "http://127.0.0.1:8787" } } },
      { url: "{legacy_base_url}", description: "Legacy v3 interface (its own hostname in production)", variables: { legacy_base_url: { default: "http://127.0.0.1:8787" } } },
    ],
    tags: [{ name: "Service" }, { name: "Quotes" }, { name: "Gasless" }, { name: "Status" }, { name: "Webhooks" }, { name: "Deposit addresses" }, { name: "Legacy v3" }, { name: "Internal" }],
    security: [{ apiKey: [] }],
    paths: {
      "/health": { get: keylessOp("Liveness and engine state", { tags: ["Service"], ok: ok(200, "Alive.", ref("Health"), KEYLESS) }) },
      "/openapi.json": { get: keylessOp("This document", { tags: ["Service"], ok: ok(200, "OpenAPI 3.1.", { type: "object" }, KEYLESS) }) },
      "/v1/chains": { get: keyedOp("Supported chains", { tags: v1, ok: ok(200, "Chains with portals and quote signers.", object({ chains: array(ref("ChainRecord")) }), KEYED) }) },
      "/v1/tokens": {
        get: keyedOp("Supported tokens", {
          tags: v1,
          params: [queryParam("chainId", "Only this chain's tokens; all tokens when omitted.", ref("ChainId"))],
          ok: ok(200, "Tokens with decimals and gasless standards.", object({ tokens: array(ref("TokenRecord")) }), KEYED),
          errors: [[400, r("BadRequest")]],
        }),
      },
      "/v1/quotes": {
        post: keyedOp("Request a signed, executable quote", {
          tags: v1,
          body: ref("QuoteRequest"),
          description: "Remote solvers are asked in parallel, each under its own timeout; a slow or failing solver never fails a request another solver can fill. Verify the signature, expiry and content before funding before expiresAt.",
          ok: ok(200, "The winning quote (and competing quotes when asked).", ref("Quote"), KEYED),
          errors: [[422, r("ChainNotSupported")], [502, r("SolverError")]],
        }),
      },
      "/v1/intents/status": {
        get: keyedOp("Delivery status of an intent", {
          tags: ["Status"],
          description: "Pass exactly one of intentHash and quoteId. For a multi-hop route track the stitched-destination intent.",
          params: [queryParam("intentHash", "Intent hash, 0x + 64 hex digits.", ref("Hash32")), queryParam("quoteId", "Bare quote UUID (without quote:).", ref("Uuid"))],
          ok: ok(200, "The status; unknown when no record exists.", ref("IntentStatus"), KEYED),
          errors: [[400, r("BadRequest")]],
        }),
      },
      "/v1/intents/stream": {
        get: keyedOp("Follow an intent's status as it changes", {
          tags: ["Status"],
          description: `Pass exactly one of intentHash and quoteId (a quoteId follows the stitched-destination intent). ${STREAM_BEHAVIOUR}`,
          params: [queryParam("intentHash", "Intent hash, 0x + 64 hex digits.", ref("Hash32")), queryParam("quoteId", "Bare quote UUID (without quote:).", ref("Uuid")), lastEventIdHeader],
          ok: statusStream(KEYED),
          errors: [[400, r("BadRequest")]],
        }),
      },
      "/v1/public/intents/stream": {
        get: keylessOp("Follow an intent's status as it changes, without a key", {
          tags: ["Status"],
          description: `The keyless twin of GET /v1/intents/stream, for browsers and wallets: by intent hash only (a quoteId is refused with 400: quote ids are the integrator's), limited per client address, readable cross-origin (Access-Control-Allow-Origin: *; preflights allow Last-Event-ID). ${STREAM_BEHAVIOUR}`,
          params: [queryParam("intentHash", "Intent hash, 0x + 64 hex digits.", ref("Hash32"), true), lastEventIdHeader],
          ok: statusStream([...V1, ...LIMITED]),
          errors: [[400, r("BadRequest")]],
        }),
      },
      "/v1/gasless/permit3": gaslessSubmit("permit3", "GaslessPermit3Request", "Each permit3.chainPermits.permits[].account must equal execution.vault.", "when a permit is a transfer (modeOrExpiration 0) on a chain whose vaultDerivation is unconfirmed"),
      "/v1/gasless/permit2": gaslessSubmit("permit2", "GaslessPermit2Request", "permit2.spender must equal execution.vault; the token must already be approved to the Permit2 contract."),
      "/v1/gasless/erc3009": gaslessSubmit("erc3009", "GaslessErc3009Request", "authorization.to must equal execution.vault.", "when the source chain's vaultDerivation is unconfirmed"),
      "/v1/gasless/jobs": {
        get: keyedOp("The gasless job of a quote", {
          tags: ["Gasless"],
          description: "After a timed-out submit, look here before authorizing again.",
          params: [queryParam("quoteId", "Bare quote UUID.", ref("Uuid"), true)],
          ok: ok(200, "The job.", ref("GaslessJob"), KEYED),
          errors: [[400, r("BadRequest")], [404, r("NotFound")]],
        }),
      },
      "/v1/gasless/jobs/{jobId}": {
        get: keyedOp("A gasless job", {
          tags: ["Gasless"],
          params: [{ name: "jobId", in: "path", required: true, description: "job:<uuid>.", schema: { type: "string" } }],
          ok: ok(200, "The job.", ref("GaslessJob"), KEYED),
          errors: [[404, r("NotFound")]],
        }),
      },
      "/v1/webhooks": {
        post: keyedOp("Create a webhook endpoint", {
          tags: ["Webhooks"],
          body: ref("WebhookCreateRequest"),
          description: `The key must be mapped to a partner. The answer holds the signing secret, shown this once. 400 invalid-request names url (not acceptable, or its host could not be resolved), events or description. ${WEBHOOK_DELIVERY}`,
          ok: ok(201, "The endpoint and its secret (shown only here).", ref("WebhookEndpointCreated"), KEYED),
          errors: [[403, WEBHOOKS_FORBIDDEN]],
        }),
        get: keyedOp("This key's webhook endpoints", {
          tags: ["Webhooks"],
          description: "Secrets are never listed.",
          ok: ok(200, "The endpoints, oldest first.", object({ webhooks: array(ref("WebhookEndpoint")) }), KEYED),
          errors: [[403, WEBHOOKS_FORBIDDEN]],
        }),
      },
      "/v1/webhooks/{id}": {
        delete: keyedOp("Delete a webhook endpoint", {
          tags: ["Webhooks"],
          description: "Its queue stops: deliveries not made yet are never sent.",
          params: [webhookIdParam],
          ok: { 204: { description: "Deleted.", headers: h(...KEYED) } },
          errors: [[403, WEBHOOKS_FORBIDDEN], [404, r("NotFound")]],
        }),
      },
      "/v1/webhooks/{id}/deliveries": {
        get: keyedOp("Recent deliveries of a webhook endpoint", {
          tags: ["Webhooks"],
          description: "The latest 50 deliveries, newest first, with their attempts.",
          params: [webhookIdParam],
          ok: ok(200, "The deliveries.", object({ deliveries: array(ref("WebhookDelivery")) }), KEYED),
          errors: [[403, WEBHOOKS_FORBIDDEN], [404, r("NotFound")]],
        }),
      },
      ...Object.assign({}, ...partnerSlugs.map(depositPaths)),
      "/api/v3/quotes/exactOut": {
        post: keylessOp("Legacy exact-out quotes", { tags: ["Legacy v3"], body: ref("LegacyQuoteRequest"), description: "The legacy request names one amount: for exactOut, quoteRequest.sourceAmount is the amount the recipient must receive (destination token base units); each entry's sourceAmount is what the funder locks for it. Entries are the direct quotes of every solver, best first (multi-hop routes have no legacy form).", ok: ok(200, "One entry per solver.", ref("LegacyQuoteResponse"), KEYLESS), errors: [[422, r("ChainNotSupported")], [502, r("SolverError")]] }),
      },
      "/api/v3/quotes/exactIn": {
        post: keylessOp("Legacy keyless exact-in quotes", { tags: ["Legacy v3"], body: ref("LegacyQuoteRequest"), description: "Same envelope as exactOut; destinationAmount is the guaranteed output for the fixed sourceAmount.", ok: ok(200, "One entry per solver.", ref("LegacyQuoteResponse"), KEYLESS), errors: [[422, r("ChainNotSupported")], [502, r("SolverError")]] }),
      },
      "/api/v3/intents/intentStatus": {
        post: keylessOp("Legacy intent status", { tags: ["Legacy v3"], body: ref("LegacyIntentStatusRequest"), description: "Looks up by intentHash, else by intentCreatedHash or fulfillmentHash (transactions the indexer has seen).", ok: ok(200, "Status envelope.", ref("LegacyIntentStatusResponse"), KEYLESS), errors: [[404, r("NotFound")]] }),
      },
      "/internal/chain-events": {
        post: {
          tags: ["Internal"],
          summary: "Push Portal logs from an indexer",
          description: "eth_getLogs-shaped logs; feeds the same path as the scheduled poller. A log seen twice changes nothing.",
          security: [{ indexerToken: [] }],
          requestBody: jsonBody(ref("ChainEvents")),
          responses: {
            ...ok(200, "Logs applied.", ref("ChainEventsResult"), ["x-request-id"]),
            400: r("BadRequest"),
            401: problem("Missing or wrong bearer token."),
            422: r("ChainNotSupported"),
            413: r("PayloadTooLarge"),
            415: r("UnsupportedMediaType"),
            500: r("Internal"),
          },
        },
      },
    },
    webhooks: {
      "intent.status": {
        post: {
          tags: ["Webhooks"],
          summary: "An intent's status changed (sent to your endpoint)",
          description: WEBHOOK_DELIVERY,
          security: [],
          parameters: [
            { name: "webhook-id", in: "header", required: true, description: "msg:<hex>; the same on every attempt of one delivery.", schema: { type: "string", pattern: "^msg:[0-9a-f]+$" } },
            { name: "webhook-timestamp", in: "header", required: true, description: "Unix seconds of this attempt.", schema: { type: "string", pattern: "^[0-9]+$" } },
            { name: "webhook-signature", in: "header", required: true, description: "v1,<base64 HMAC-SHA256 of webhook-id.webhook-timestamp.body>, keyed with the secret's bytes (base64 after whsec_).", schema: { type: "string", pattern: "^v1,[A-Za-z0-9+/]+={0,2}$" } },
          ],
          requestBody: jsonBody(ref("WebhookPayload")),
          responses: {
            "2XX": { description: "Received: answer within 10 s, then process (the same webhook-id may arrive again)." },
            default: { description: "Anything else, a redirect or no answer within 10 s: retried on the schedule above." },
          },
        },
      },
    },
    components: {
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "x-api-key", description: "Server-side only; never in browser or mobile code." },
        indexerToken: { type: "http", scheme: "bearer", description: "INDEXER_TOKEN." },
      },
      headers,
      responses,
      schemas,
    },
  };
}
