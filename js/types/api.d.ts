// Generated from the API contract (edge-worker/openapi.json) by js/scripts/types.mjs with
// openapi-typescript. Do not edit: change the document and run `npm run types --workspace js`.

export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Front page
         * @description Links to the API reference (/docs), this document and /health. Keyless.
         */
        get: operations["getIndexPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness and engine state */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * API reference
         * @description This document rendered as HTML at build time by Redocly (redocly build-docs), with every operation and its request and response examples. Keyless and self-contained: the page loads nothing from another host.
         */
        get: operations["getApiReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Supported chains */
        get: operations["listChains"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Supported tokens */
        get: operations["listTokens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/quotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request a signed, executable quote
         * @description Remote solvers are asked in parallel, each under its own timeout; a slow or failing solver never fails a request another solver can fill. Verify the signature, expiry and content before funding before expiresAt. The key needs the quotes feature (403 feature-not-enabled), and the all-quotes feature for options.allQuotes (400 naming options.allQuotes).
         */
        post: operations["createQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/intents/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery status of an intent
         * @description Pass exactly one of intentHash, quoteId and transactionHash. For a multi-hop route track the stitched-destination intent. By transactionHash: the intent whose publication, funding, fill, proof (on either chain) or refund that transaction is, as the chains show it now (a transaction a reorganisation removed finds nothing); a transaction of several of this service's intents answers the first by intent hash; none: unknown, as for any identifier without a record.
         */
        get: operations["getIntentStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/intents/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow an intent's status as it changes
         * @description Pass exactly one of intentHash and quoteId (a quoteId follows the stitched-destination intent). Server-Sent Events (text/event-stream) from the shard that owns the intent: the current status at once, then one `status` event per change of the status body (chain events, or a deadline passing), each `data` the IntentStatus JSON and each `id` naming that body; `: keep-alive` comments every 15 s. The server ends the stream after a final status (settled, refunded, failed) or after 10 minutes; reconnect with Last-Event-ID set to the last id received (EventSource does this itself) and the status already seen is not sent again. pending, filled, expired, refundable and unknown are not final. An intent with no record (never quoted here, not yet seen on a chain) answers 404 not-found instead of a stream: retry once the intent is published. Open streams are capped per API key (STREAMS_PER_KEY, default 100): beyond, 429 rate-limited with Retry-After. 400 invalid-request names intentHash or quoteId (validated as GET /v1/intents/status validates them).
         */
        get: operations["streamIntentStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/public/intents/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow an intent's status as it changes, without a key
         * @description The keyless twin of GET /v1/intents/stream, for browsers and wallets: by intent hash only (a quoteId is refused with 400: quote ids are the integrator's), limited per client network (an IPv4 address, an IPv6 /64; a stream bucket apart from reads), readable cross-origin (Access-Control-Allow-Origin: *; preflights allow Last-Event-ID). Server-Sent Events (text/event-stream) from the shard that owns the intent: the current status at once, then one `status` event per change of the status body (chain events, or a deadline passing), each `data` the IntentStatus JSON and each `id` naming that body; `: keep-alive` comments every 15 s. The server ends the stream after a final status (settled, refunded, failed) or after 10 minutes; reconnect with Last-Event-ID set to the last id received (EventSource does this itself) and the status already seen is not sent again. pending, filled, expired, refundable and unknown are not final. An intent with no record (never quoted here, not yet seen on a chain) answers 404 not-found instead of a stream: retry once the intent is published. Open streams are capped per client network (an IPv4 address, an IPv6 /64; STREAMS_PER_CLIENT, default 10) and, for IPv6, per /48 at KEYLESS_AGGREGATE_FACTOR (16) times that: beyond either, 429 rate-limited with Retry-After. 400 invalid-request names intentHash or quoteId (validated as GET /v1/intents/status validates them).
         */
        get: operations["streamIntentStatusPublic"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gasless/permit3": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a permit3 authorization for a quote
         * @description Each permit3.chainPermits.permits[].account must equal execution.vault. The key must be enabled for v1, mapped to a partner and have the gasless feature. The source token must list "permit3" in gasless. Exactly one job exists per signed payload, also under concurrent submits; a quote has at most one job, whose id is job:<the quote's UUID>. Validity windows: the authorization must be usable now and stay usable until the quote's expiresAt (ERC-3009 validAfter < now and validBefore >= expiresAt; Permit2 sigDeadline and every expiration >= expiresAt; Permit3 deadline and allowance expirations >= expiresAt, mode 0 or an allowance), so the relayer can fund whenever it runs before the quote expires; the relayer does not sign a job whose window closes within relay.windowMarginSec (60 s) of the chain's time (the job fails, nothing sent), so sign windows comfortably past expiresAt. 503 chain-unverified, after every other check passed, when a permit is a transfer (modeOrExpiration 0) on a chain whose vaultDerivation is unconfirmed.
         */
        post: operations["submitGaslessPermit3"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gasless/permit2": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a permit2 authorization for a quote
         * @description permit2.spender must equal execution.vault; the token must already be approved to the Permit2 contract. The key must be enabled for v1, mapped to a partner and have the gasless feature. The source token must list "permit2" in gasless. Exactly one job exists per signed payload, also under concurrent submits; a quote has at most one job, whose id is job:<the quote's UUID>. Validity windows: the authorization must be usable now and stay usable until the quote's expiresAt (ERC-3009 validAfter < now and validBefore >= expiresAt; Permit2 sigDeadline and every expiration >= expiresAt; Permit3 deadline and allowance expirations >= expiresAt, mode 0 or an allowance), so the relayer can fund whenever it runs before the quote expires; the relayer does not sign a job whose window closes within relay.windowMarginSec (60 s) of the chain's time (the job fails, nothing sent), so sign windows comfortably past expiresAt.
         */
        post: operations["submitGaslessPermit2"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gasless/erc3009": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a erc3009 authorization for a quote
         * @description authorization.to must equal execution.vault. The key must be enabled for v1, mapped to a partner and have the gasless feature. The source token must list "erc3009" in gasless. Exactly one job exists per signed payload, also under concurrent submits; a quote has at most one job, whose id is job:<the quote's UUID>. Validity windows: the authorization must be usable now and stay usable until the quote's expiresAt (ERC-3009 validAfter < now and validBefore >= expiresAt; Permit2 sigDeadline and every expiration >= expiresAt; Permit3 deadline and allowance expirations >= expiresAt, mode 0 or an allowance), so the relayer can fund whenever it runs before the quote expires; the relayer does not sign a job whose window closes within relay.windowMarginSec (60 s) of the chain's time (the job fails, nothing sent), so sign windows comfortably past expiresAt. 503 chain-unverified, after every other check passed, when the source chain's vaultDerivation is unconfirmed.
         */
        post: operations["submitGaslessErc3009"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gasless/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The gasless job of a quote
         * @description After a timed-out submit, look here before authorizing again.
         */
        get: operations["getGaslessJobOfQuote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gasless/jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A gasless job */
        get: operations["getGaslessJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The webhook endpoints of this key's partner
         * @description Endpoints are the partner's: every key of the partner lists, reads the deliveries of and deletes those created with any of its keys, a revoked key's included. Secrets are never listed.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description The key must be mapped to a partner. The answer holds the signing secret, shown this once. 400 invalid-request names url (not acceptable, or its host could not be resolved), events or description. Each change of the status of an intent quoted with the endpoint's key (or created through its partner's deposit-address gateway) is POSTed to every subscribed endpoint of that key as application/json: {"type": "intent.status", "timestamp": RFC 3339, "data": IntentStatus}. Headers (Standard Webhooks): webhook-id (msg:<hex>, the same on every attempt of one delivery: deduplicate on it), webhook-timestamp (Unix seconds of this attempt), webhook-signature "v1,<base64 of HMAC-SHA256 keyed with the bytes of the secret after whsec_, over webhook-id + "." + webhook-timestamp + "." + the raw body>". Verify the signature over the exact bytes received and refuse timestamps far from now (stableroutes/client verifyWebhook, or any Standard Webhooks library). Any 2xx within 10 s is success; a network error, a timeout (10 s), a redirect or any other status is retried about 5 s, 30 s, 2 min, 10 min and 1 h after the attempts so far, then every 6 h until three days after the first attempt, when it is given up (GET /v1/webhooks/{id}/deliveries shows each delivery's attempts). Delivery is at least once, in order per intent (a status waits until the one before it was delivered or given up); one slow endpoint never delays another. Before every attempt the URL is checked again: in production https only, to public addresses (a name now resolving to a private address fails the attempt); the connection is made to the address that was checked (the name is resolved once per attempt), with TLS verified for the URL's host name. A key has at most 16 endpoints: a 17th answers 409 conflict (delete one first). Endpoints of a key that is revoked receive no more deliveries: those already queued are cancelled, not sent (state cancelled in the deliveries listing).
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Its queue stops: deliveries not made yet are never sent.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent deliveries of a webhook endpoint
         * @description The latest 50 deliveries, newest first, with their attempts. Delivered and given-up messages are kept 7 days after they finished, then deleted.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/{partner}-gateway/deposit-addresses": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The partner's slug: each configured partner has its own gateway (/v1/<slug>-gateway/...); an unconfigured slug has no routes (404 not-found). */
                partner: components["parameters"]["partner"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a deposit address
         * @description Keyless. Limited per client network in the creation bucket (429 rate-limited), and capped in open, unfunded addresses: an address counts from its creation until it is funded (a submit accepted, or transfers covering its amount) or its deadline passes, against its partner's quota (DEPOSITS_UNFUNDED_PER_PARTNER, default 10000) and its client network's (an IPv4 address, an IPv6 /64; DEPOSITS_UNFUNDED_PER_CLIENT, default 100) and, for IPv6, its /48's (KEYLESS_AGGREGATE_FACTOR, 16, times the client network's cap). Beyond any, 429 deposit-quota-exceeded with Retry-After (until the earliest counted address passes its deadline) and the RateLimit-* headers of the full count; fund an open address or retry then.
         */
        post: operations["createDepositAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/{partner}-gateway/submit/erc-3009": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The partner's slug: each configured partner has its own gateway (/v1/<slug>-gateway/...); an unconfigured slug has no routes (404 not-found). */
                partner: components["parameters"]["partner"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fund a deposit address with an ERC-3009 authorization
         * @description authorization.to must be the vault. validBefore must be at least 300 s past now, or the address's deadline if sooner (the job may wait in the relay queue, and the relayer does not sign a window closing within relay.windowMarginSec). A deposit address past its deadline refuses new submissions with 409. Submits to one partner's deposit addresses are checked one at a time by each server instance (KEYLESS_SUBMITS_AT_ONCE, default 1), so that a flood of submits the preflight refuses holds up no other partner: one beyond answers 429 rate-limited at once, with Retry-After: 1 and the RateLimit-* headers, before its body is read or anything is counted; send it again.
         */
        post: operations["submitDepositErc3009"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/{partner}-gateway/submit/erc-2612": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The partner's slug: each configured partner has its own gateway (/v1/<slug>-gateway/...); an unconfigured slug has no routes (404 not-found). */
                partner: components["parameters"]["partner"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fund a deposit address with an EIP-2612 permit
         * @description permit.spender must be the vault. deadline must be at least 300 s past now, or the address's deadline if sooner (the job may wait in the relay queue, and the relayer does not sign a window closing within relay.windowMarginSec). A deposit address past its deadline refuses new submissions with 409. Submits to one partner's deposit addresses are checked one at a time by each server instance (KEYLESS_SUBMITS_AT_ONCE, default 1), so that a flood of submits the preflight refuses holds up no other partner: one beyond answers 429 rate-limited at once, with Retry-After: 1 and the RateLimit-* headers, before its body is read or anything is counted; send it again.
         */
        post: operations["submitDepositErc2612"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/{partner}-gateway/status": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The partner's slug: each configured partner has its own gateway (/v1/<slug>-gateway/...); an unconfigured slug has no routes (404 not-found). */
                partner: components["parameters"]["partner"];
            };
            cookie?: never;
        };
        /** Status of a deposit address */
        get: operations["getDepositAddressStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/{partner}-gateway/{vaultAddress}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The partner's slug: each configured partner has its own gateway (/v1/<slug>-gateway/...); an unconfigured slug has no routes (404 not-found). */
                partner: components["parameters"]["partner"];
            };
            cookie?: never;
        };
        /** A deposit address and its intent status */
        get: operations["getDepositAddress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/quotes/exactOut": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Legacy exact-out quotes
         * @description The legacy request names one amount: for exactOut, quoteRequest.sourceAmount is the amount the recipient must receive (destination token base units); each entry's sourceAmount is what the funder locks for it. Entries are the direct quotes of every solver, best first (multi-hop routes have no legacy form). Remote solvers are asked as for /v1/quotes. Answers follow Eco's published QuotesResponseV3DTO; a deployment that lists no solver (production, until an operator adds one) answers 502 solver-error.
         */
        post: operations["legacyQuoteExactOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/quotes/exactIn": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Legacy keyless exact-in quotes
         * @description Same envelope as exactOut; destinationAmount is the guaranteed output for the fixed sourceAmount. Remote solvers are asked as for /v1/quotes. Answers follow Eco's published QuotesResponseV3DTO; a deployment that lists no solver (production, until an operator adds one) answers 502 solver-error.
         */
        post: operations["legacyQuoteExactIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/intents/intentStatus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Legacy intent status
         * @description Looks up by intentHash, else by intentCreatedHash or fulfillmentHash (transactions the indexer has seen). Answers follow Eco's published IntentStatusResponseV3DTO; an identifier the chain has not shown created answers 404.
         */
        post: operations["legacyIntentStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/chain-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push Portal logs from an indexer
         * @description eth_getLogs-shaped logs; feeds the same path as the scheduled poller. A log seen twice changes nothing.
         */
        post: operations["pushChainEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Operator status: readers, providers, relayer accounts
         * @description Per EVM chain: its reader's head, cursor and lag, its JSON-RPC endpoints' health, and each relayer account's native balance against the chain's floor (relay.minRelayerBalanceWei; below it the account takes no new job) with its open jobs; then every alert. Read from the readers, the relayer objects and the chain (eth_getBalance) at the moment of the request.
         */
        get: operations["getOperatorStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "intent.status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An intent's status changed (sent to your endpoint)
         * @description Each change of the status of an intent quoted with the endpoint's key (or created through its partner's deposit-address gateway) is POSTed to every subscribed endpoint of that key as application/json: {"type": "intent.status", "timestamp": RFC 3339, "data": IntentStatus}. Headers (Standard Webhooks): webhook-id (msg:<hex>, the same on every attempt of one delivery: deduplicate on it), webhook-timestamp (Unix seconds of this attempt), webhook-signature "v1,<base64 of HMAC-SHA256 keyed with the bytes of the secret after whsec_, over webhook-id + "." + webhook-timestamp + "." + the raw body>". Verify the signature over the exact bytes received and refuse timestamps far from now (stableroutes/client verifyWebhook, or any Standard Webhooks library). Any 2xx within 10 s is success; a network error, a timeout (10 s), a redirect or any other status is retried about 5 s, 30 s, 2 min, 10 min and 1 h after the attempts so far, then every 6 h until three days after the first attempt, when it is given up (GET /v1/webhooks/{id}/deliveries shows each delivery's attempts). Delivery is at least once, in order per intent (a status waits until the one before it was delivered or given up); one slow endpoint never delays another. Before every attempt the URL is checked again: in production https only, to public addresses (a name now resolving to a private address fails the attempt); the connection is made to the address that was checked (the name is resolved once per attempt), with TLS verified for the URL's host name.
         */
        post: operations["intentStatusWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description EVM address (0x + 40 hex, EIP-55 checksummed in responses) or Solana base58 public key.
         * @example 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48
         */
        Address: string;
        /** @description EVM address, 0x + 40 hex digits; EIP-55 checksummed in responses. */
        EvmAddress: string;
        /** @description 32-byte hash, lowercase 0x-hex in responses. */
        Hash32: string;
        /** @description 0x-prefixed hex bytes. */
        HexBytes: string;
        /**
         * @description Decimal integer in the token's smallest unit.
         * @example 1000000
         */
        Amount: string;
        /** @description Chain id (EVM chain id; Solana uses the configured id). */
        ChainId: number;
        /**
         * Format: uuid
         * @description UUID.
         */
        Uuid: string;
        /** @description Unix time, seconds. */
        UnixSeconds: number;
        /** @description An unsigned 64-bit integer: a JSON number up to 2^53 - 1 (exact in every JSON reader), a decimal string above. */
        Uint64: number | string;
        /** @description application/problem+json (RFC 9457) body of every error except the missing-key 403. */
        Problem: {
            /** @description URI naming the problem: urn:stableroutes:problem:<code>. */
            type: string;
            /** @description Short summary of the problem type. */
            title: string;
            /** @description HTTP status. */
            status: number;
            /** @description Stable machine-readable code; title is the problem's title for that code, and the description starts with its HTTP status. */
            code: "invalid-request" | "invalid-api-key" | "partner-not-mapped" | "feature-not-enabled" | "not-found" | "method-not-allowed" | "conflict" | "payload-too-large" | "unsupported-media-type" | "chain-not-supported" | "funding-would-fail" | "rate-limited" | "deposit-quota-exceeded" | "sponsorship-exhausted" | "solver-error" | "chain-unverified" | "internal";
            /** @description What went wrong, for a person. */
            detail: string;
            /** @description Every field to correct (400); empty otherwise. */
            errors: {
                /** @description Dotted path of the field to correct, e.g. source.amount; "body" for the body as a whole. */
                field: string;
                /** @description What to change. */
                message: string;
            }[];
            /** @description The x-request-id of this request. */
            requestId: string;
        };
        /** @description Gateway answer to a keyed endpoint called without x-api-key. */
        GatewayForbidden: {
            /** @constant */
            Message: "User is not authorized to access this resource";
        };
        Health: {
            /** @constant */
            status: "ok";
            /** @description Configuration in use: local or production. */
            environment: string;
            /** @constant */
            schemaVersion: "0.9.0";
            core: {
                /**
                 * @description Engine state in this isolate.
                 * @enum {string}
                 */
                state: "not-loaded" | "loading" | "ready" | "failed";
                instantiateMs: number | null;
                constructMs: number | null;
            };
        };
        NativeCurrency: {
            /** @description Symbol. */
            symbol: string;
            /** @description Decimals. */
            decimals: number;
        };
        /** @description A supported chain. A client recomputes vault addresses from portal and vaultInitCodeHash alone; quoteSigner signs this chain's quotes. */
        ChainRecord: {
            chainId: components["schemas"]["ChainId"];
            /** @description Chain name. */
            name: string;
            /**
             * @description Virtual machine family.
             * @enum {string}
             */
            vm: "evm" | "svm";
            portal: components["schemas"]["Address"];
            /** @description The prover the quotes of this chain name; null on a chain configured without one (an SVM chain may have none). */
            prover: components["schemas"]["Address"] | null;
            permit2: components["schemas"]["Address"] | null;
            permit3: components["schemas"]["Address"] | null;
            vaultInitCodeHash: components["schemas"]["Hash32"] | null;
            quoteSigner: components["schemas"]["EvmAddress"];
            nativeCurrency: components["schemas"]["NativeCurrency"];
            /** @description Block explorer base URL; null on chains without an explorer (development chains). */
            blockExplorerUrl: string | null;
            /**
             * Format: uri
             * @description JSON-RPC URL of a development chain the service itself runs; absent for every public chain.
             */
            rpcUrl?: string;
            /**
             * @description confirmed: this chain's Portal answered intentVaultAddress with exactly the vault the service derives from portal and vaultInitCodeHash. Deposit addresses, ERC-3009 authorizations and Permit3 transfers (mode 0) pay a vault directly, with no Portal call in between: on an unconfirmed chain the service refuses them with 503 chain-unverified and Retry-After, because funds sent to a wrongly derived vault would be lost. Funding through the Portal (execution.transaction), Permit2 and Permit3 allowances work either way (they only let the vault the Portal deploys pull). Chains without an EVM vault (Solana) are always unconfirmed.
             * @enum {string}
             */
            vaultDerivation: "confirmed" | "unconfirmed";
            /** @description The bounds a client holds intents to (the verifier package's deadline rule): a quote funded from this chain expires at most maxQuoteLifetimeSec after it is issued, a deposit address on it at most maxDepositLifetimeSec after it is created; a route deadline on this chain is at most maxFillWindowSec after the moment its intent can be filled (expiresAt, or the first leg's route deadline for a stitched second leg); a reward locked on this chain expires at most maxRewardWindowSec after its route deadline. At least what every configured solver and the service use. */
            limits: {
                /** @description Longest fill window of a route delivering on this chain, in seconds. */
                maxFillWindowSec: number;
                /** @description Longest time a reward locked on this chain waits after its route deadline, in seconds. */
                maxRewardWindowSec: number;
                /** @description Longest time between a quote's issue and its expiresAt for a quote funded from this chain, in seconds (the verifier allows five more minutes for a client's clock running behind). */
                maxQuoteLifetimeSec: number;
                /** @description Longest time between a deposit address's creation and its deadline for an address on this chain, in seconds (0: no partner offers deposit addresses; the verifier allows five more minutes for a client's clock running behind). */
                maxDepositLifetimeSec: number;
            };
        };
        TokenRecord: {
            chainId: components["schemas"]["ChainId"];
            address: components["schemas"]["Address"];
            /** @description Symbol. */
            symbol: string;
            /** @description Name. */
            name: string;
            /** @description Decimals. */
            decimals: number;
            /** @description Gasless authorization standards the token supports. */
            gasless: ("permit3" | "permit2" | "erc3009")[];
            eip712: {
                /** @description EIP-712 domain name. */
                name: string;
                /** @description EIP-712 domain version. */
                version: string;
            } | null;
        };
        /** @description A destination call; value in base units of the native currency. */
        Call: {
            target: components["schemas"]["Address"];
            data: components["schemas"]["HexBytes"];
            value: components["schemas"]["Amount"];
        };
        /** @description Unknown fields anywhere are rejected with 400; the retired names swapType, root funder and encodedRoute are rejected with a message naming their replacement. */
        QuoteRequest: {
            /**
             * @description exact-in fixes source.amount; exact-out fixes destination.amount; custom spends source.amount and runs destination.calls.
             * @enum {string}
             */
            type: "exact-in" | "exact-out" | "custom";
            source: {
                chainId: components["schemas"]["ChainId"];
                token: components["schemas"]["Address"];
                amount?: components["schemas"]["Amount"];
                funder: components["schemas"]["Address"];
                /** @description Receives the source funds on refund. Defaults to source.funder. */
                refundRecipient?: components["schemas"]["Address"];
            };
            destination: {
                chainId: components["schemas"]["ChainId"];
                token: components["schemas"]["Address"];
                recipient: components["schemas"]["Address"];
                amount?: components["schemas"]["Amount"];
                /** @description Required for custom. */
                calls?: components["schemas"]["Call"][];
            };
            /**
             * @description Decimal fraction of the destination amount.
             * @default 0.005
             */
            slippage: number;
            /** @description Attribution label; never authenticates and never changes pricing. */
            dappId: string;
            options?: {
                /** @description List every competing quote, each signed, ranked best first. Needs a key with the all-quotes feature (else 400 invalid-request naming options.allQuotes). */
                allQuotes?: boolean;
            };
        };
        FeeToken: {
            chainId: components["schemas"]["ChainId"];
            address: components["schemas"]["Address"];
            /** @description Symbol. */
            symbol: string;
            /** @description Decimals. */
            decimals: number;
        };
        /** @description One fee of a quote. amountOut plus the protocol and gateway fees (destination token) equals source.amount less the gas and proving fees (source token; on a stitched route each leg's own), at par. */
        Fee: {
            /**
             * @description Fee type.
             * @enum {string}
             */
            type: "gas" | "proving" | "protocol" | "gateway";
            amount: components["schemas"]["Amount"];
            token: components["schemas"]["FeeToken"];
            /** @description false: the amount is binding. */
            estimate: boolean;
            /** @description Who receives the fee, an address on the chain of its token: the operator's (protocol) or the partner's (gateway) recipient, paid by a transfer in the delivery intent's route, in the destination token. null for gas and proving, which the solver that fills keeps out of the intent's reward (and for a zero fee whose recipient is not configured). */
            recipient: components["schemas"]["Address"] | null;
        };
        TokenAmount: {
            token: components["schemas"]["Address"];
            amount: components["schemas"]["Amount"];
        };
        /** @description Destination side of an intent (protocol page: Route). */
        Route: {
            salt: components["schemas"]["Hash32"];
            /** @description Unix seconds: the last destination block time a fill may land in. */
            deadline: components["schemas"]["Uint64"];
            portal: components["schemas"]["Address"];
            nativeAmount: components["schemas"]["Amount"];
            tokens: components["schemas"]["TokenAmount"][];
            calls: components["schemas"]["Call"][];
        };
        /** @description Source side of an intent; creator receives refunds (the refund recipient). */
        Reward: {
            /** @description Unix seconds: from this source block time on, the creator may refund. */
            deadline: components["schemas"]["Uint64"];
            creator: components["schemas"]["Address"];
            prover: components["schemas"]["Address"];
            nativeAmount: components["schemas"]["Amount"];
            tokens: components["schemas"]["TokenAmount"][];
        };
        /** @description Decoded intent; intentHash = keccak256(uint64 destination ‖ keccak256(encodedRoute) ‖ keccak256(abi.encode(reward)). */
        Intent: {
            destination: components["schemas"]["ChainId"];
            route: components["schemas"]["Route"];
            reward: components["schemas"]["Reward"];
        };
        StepIntent: {
            /**
             * @description stitched-destination credits the recipient and is the intent to track; bucket-candidate entries are alternatives, not all of which fill.
             * @enum {string}
             */
            role: "direct" | "stitched-source" | "stitched-destination" | "bucket-candidate";
            intentHash: components["schemas"]["Hash32"];
            sourceChainId: components["schemas"]["ChainId"];
            destinationChainId: components["schemas"]["ChainId"];
            intent: components["schemas"]["Intent"];
            encodedRoute: components["schemas"]["HexBytes"];
            vault: components["schemas"]["Address"];
        };
        Step: {
            /** @description Who executes this leg. */
            provider: string;
            intents: components["schemas"]["StepIntent"][];
        };
        Solver: {
            /** @description Solver id. */
            id: string;
            /** @description Solver name. */
            name: string;
        };
        /** @description Sent as-is from source.funder. For funding: to = source Portal, data = publishAndFund(destination, encodedRoute, reward, false). */
        EvmTransaction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "evm";
            chainId: components["schemas"]["ChainId"];
            from: components["schemas"]["EvmAddress"];
            to: components["schemas"]["EvmAddress"];
            data: components["schemas"]["HexBytes"];
            value: components["schemas"]["Amount"];
            /** @description The gas limit to send it with (a quote's execution transactions carry it): estimated against the chain when gasEstimated is true (on a chain the service reads, the quote's approvals and funding simulated together in sending order, so the funding sees the allowance the approval sets; what each call used plus 30%), else the service's configured bound for its kind (approve, publishAndFund): a chain the service does not read, or a call that reverts in the simulation, such as a funding the funder's balance cannot cover yet. */
            gas?: number;
            /** @description Whether gas was estimated against the chain (true) or is the configured bound for the transaction's kind (false). */
            gasEstimated?: boolean;
        };
        SvmAccountMeta: {
            pubkey: components["schemas"]["Address"];
            /** @description Signs. */
            isSigner: boolean;
            /** @description Writable. */
            isWritable: boolean;
        };
        SvmInstruction: {
            programId: components["schemas"]["Address"];
            accounts: components["schemas"]["SvmAccountMeta"][];
            /** @description Instruction data, base64. */
            data: string;
        };
        /** @description A Solana source's funding, for source.funder to sign alone (feePayer; the wallet adds a recent blockhash). One instruction: the source Portal's Anchor `fund` (data: sha256("global:fund")[0..8], then Borsh destination u64, routeHash, reward, allowPartial false), with the accounts the program takes in this order: payer and funder (both source.funder; signer, writable), the vault PDA ["vault", intentHash] of the Portal (writable), the SPL Token, Token-2022, Associated Token and System programs (read-only), then per reward token the funder's and the vault's associated token accounts under SPL Token (writable) and the mint (read-only). The Portal creates the vault's token account when it is missing, paid by the payer. */
        SvmTransaction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "svm";
            feePayer: components["schemas"]["Address"];
            instructions: components["schemas"]["SvmInstruction"][];
        };
        Transaction: components["schemas"]["EvmTransaction"] | components["schemas"]["SvmTransaction"];
        Execution: {
            transaction: components["schemas"]["Transaction"];
            intent: components["schemas"]["Intent"];
            /** @description Vault the source Portal funds; the counterparty of gasless submits. */
            vault: components["schemas"]["Address"];
            /** @description The last of approvals (the ERC-20 approve(portal, amount) the funder sends just before the funding), or null when none is needed. */
            approval: components["schemas"]["EvmTransaction"] | null;
            /** @description The approvals to send before the funding, in order: none when the funder's allowance for the source Portal, read at quote time, covers source.amount; approve(portal, amount); or approve(portal, 0) then approve(portal, amount) for a token whose approve of a non-zero amount over a non-zero allowance reverts (USDT on Ethereum) while such an allowance is left. On a chain the service does not read, approve(portal, amount) is always listed (after approve(portal, 0) for such a token). Empty on an SVM source. */
            approvals: components["schemas"]["EvmTransaction"][];
        };
        /** @description The funder's allowance for the source Portal and balance of the source token, both read at blockNumber. A balance below required is stated, never refused: the funder may receive tokens before funding. */
        FundingChecks: {
            allowance: {
                /** @description The source Portal. */
                spender: components["schemas"]["EvmAddress"];
                actual: components["schemas"]["Amount"];
                /** @description source.amount */
                required: components["schemas"]["Amount"];
            };
            balance: {
                actual: components["schemas"]["Amount"];
                required: components["schemas"]["Amount"];
            };
            blockNumber: components["schemas"]["Uint64"];
        };
        Quote: {
            /** @description quote:<uuid v4>. Signed with its prefix; status lookups take the bare UUID. */
            id: string;
            /**
             * @description Echo of the request type.
             * @enum {string}
             */
            type: "exact-in" | "exact-out" | "custom";
            source: {
                chainId: components["schemas"]["ChainId"];
                token: components["schemas"]["Address"];
                amount: components["schemas"]["Amount"];
                funder: components["schemas"]["Address"];
                refundRecipient?: components["schemas"]["Address"];
            };
            destination: {
                chainId: components["schemas"]["ChainId"];
                token: components["schemas"]["Address"];
                recipient: components["schemas"]["Address"];
                amount?: components["schemas"]["Amount"];
                calls?: components["schemas"]["Call"][];
                amountOut: components["schemas"]["Amount"];
                minAmountOut: components["schemas"]["Amount"];
            };
            /** @description The tolerance bound into destination.minAmountOut: 0, since every route delivers exactly destination.amountOut (the request's slippage is validated, and bound only on a route whose output can move: none today). */
            slippage: number;
            fees: components["schemas"]["Fee"][];
            steps: components["schemas"]["Step"][];
            solver: components["schemas"]["Solver"];
            /** @description The primary intent; null when every intent is listed under steps[].intents. */
            intentHash: components["schemas"]["Hash32"] | null;
            execution: components["schemas"]["Execution"];
            /** @description What the source chain showed of the funder when the quote was made; null on a chain the service does not read (and on an SVM source). */
            checks: components["schemas"]["FundingChecks"] | null;
            expiresAt: components["schemas"]["UnixSeconds"];
            /** @description Seconds the solver expects from funding to the recipient's fill: the winning solver's own estimate (a remote solver's answer, else its configuration), summed over a stitched route's legs, which fill one after the other. An estimate, not a promise: the route deadline bounds the wait. */
            estimatedFulfillTimeSec: number;
            /** @description EIP-712 signature r ‖ s ‖ v (65 bytes, v = 27 or 28, low s) by the source chain's quoteSigner over Quote(string id, bytes32[] intentHashes, uint64 expiresAt), domain {name: ServiceQuoteV1, version: 1, chainId: source.chainId}; intentHashes = intentHash plus every steps[].intents[].intentHash, lowercased, de-duplicated, sorted ascending. */
            signature: string;
            /** @description Every competing quote, each signed, ranked best first, when options.allQuotes is true; null otherwise. */
            competingQuotes: components["schemas"]["Quote"][] | null;
        };
        TransactionRef: {
            chainId: components["schemas"]["ChainId"];
            /** @description Transaction hash or signature. */
            transactionHash: string;
            /** @description Block or slot; null only for the funding transaction a deposit address's relayer sent, until a chain event reports the intent. */
            blockNumber: number | null;
            /** @description <chain blockExplorerUrl>/tx/<hash>; null on chains without an explorer (development chains). */
            blockExplorerUrl: string | null;
        };
        /** @description A recorded transaction of an IntentStatus body, with how final it is. Until final, a reorganisation may remove it: it then leaves the body and the status is derived again. */
        IntentStatusTransactionRef: components["schemas"]["TransactionRef"] & {
            /** @description Blocks mined on top of the transaction's block by the chain's head as the server's reader last saw it: 0 at the head (and while the reader has not reported the chain). */
            confirmations: number;
            /** @description Whether the transaction can no longer be reorganised away: at or below the chain's `finalized` block where the node serves that tag, else at least the chain's configured confirmation depth (the window the reader re-reads; local chains 4 blocks, production 12). false for a chain the reader has not reported. */
            final: boolean;
        };
        /** @description The transactions of an IntentStatus or DepositStatus body, each with its confirmations and finality. */
        IntentStatusTransactions: {
            published: components["schemas"]["IntentStatusTransactionRef"] | null;
            funded: components["schemas"]["IntentStatusTransactionRef"] | null;
            fulfilled: components["schemas"]["IntentStatusTransactionRef"] | null;
            proven: components["schemas"]["IntentStatusTransactionRef"] | null;
            withdrawn: components["schemas"]["IntentStatusTransactionRef"] | null;
            refunded: components["schemas"]["IntentStatusTransactionRef"] | null;
        };
        /**
         * @description Derived from Portal events; unknown: no record for this identifier.
         * @enum {string}
         */
        IntentStatusValue: "pending" | "filled" | "settled" | "refundable" | "expired" | "refunded" | "failed" | "unknown";
        /** @description The Portal call that returns an unfilled intent's reward to its creator. */
        IntentRefund: {
            /** @description Sent from any account: the Portal returns the reward to reward.creator whoever calls. No from, unlike EvmTransaction. */
            transaction: {
                /** @constant */
                type: "evm";
                chainId: components["schemas"]["ChainId"];
                /** @description The source chain's Portal. */
                to: components["schemas"]["EvmAddress"];
                /** @description refund(uint64 destination, bytes32 routeHash, Reward reward), selector 0x308adade. */
                data: components["schemas"]["HexBytes"];
                /**
                 * @description No native value.
                 * @constant
                 */
                value: "0";
            };
            /** @description The reward deadline: the Portal accepts the call in a source block whose timestamp is at least this (the second the status turns refundable); before it the call reverts. */
            availableAt: components["schemas"]["Uint64"];
        };
        /** @description A stable code and a sentence naming the deadline that decided it. */
        IntentStatusReason: {
            /**
             * @description not-funded: nothing, or only the publication, reached the chain by the route deadline (expired, failed). partly-funded: the vault holds less than the reward, so no solver could fill it (failed, refundable, refunded). not-filled: funded, but no solver filled it by the route deadline (expired, refundable, refunded). not-proven: filled, but the fill was not proven on the source chain by the reward deadline, and the reward was refunded (refunded).
             * @enum {string}
             */
            code: "not-funded" | "partly-funded" | "not-filled" | "not-proven";
            /** @description For people; its wording may change, the code does not. */
            message: string;
        };
        /**
         * @description Derived only from Portal and prover events (IntentPublished, IntentFunded, IntentFulfilled, IntentProven, IntentWithdrawn, IntentRefunded), polled with eth_getLogs or pushed to /internal/chain-events; a log seen twice changes nothing. Rules, first match wins ("source time" / "destination time" = the latest block time of that chain, never earlier than the server clock):
         *     | recorded on chain | time | status |
         *     | - | - | - |
         *     | refunded | any | refunded |
         *     | proven or withdrawn | any | settled |
         *     | fulfilled (destination) | any | filled |
         *     | funded, complete | source time >= reward deadline | refundable |
         *     | funded, complete | destination time > route deadline | expired (no fill can land; refund opens at the reward deadline) |
         *     | funded, complete | before the route deadline | pending |
         *     | funded, partial | source time >= reward deadline | refundable |
         *     | published or partly funded | destination time > route deadline | failed (funding never completed) |
         *     | published or partly funded | before the route deadline | pending |
         *     | nothing (the quote was issued, never funded) | destination time > route deadline | expired |
         *     | nothing | before the route deadline | pending |
         *     | no record for the identifier | | unknown |
         *     So an intent moves pending -> filled -> settled when a solver fills and proves it, or pending -> expired -> refundable -> refunded when nobody fills it. A refund after a fill (the solver never proved in time) reports refunded. updatedAt is when the reported status began: the last event that changed the record, or the second a deadline moved it (the reward deadline itself for refundable: the Portal refunds at block.timestamp >= reward.deadline; the second after the route deadline for expired and failed). refundable and expired bodies carry refund, the Portal call that returns the reward to its creator. failed, expired, refundable and refunded bodies carry reason {code, message}: why (not-funded, partly-funded, not-filled, not-proven); every other status has reason null. Multi-hop: the stitched-source intent can be filled or settled while the recipient is not yet paid; a quoteId lookup reports the stitched-destination (delivery) intent. Statuses are reported before finality: a reorganisation that removes a recorded transaction (within the confirmation window the reader re-reads) removes it from the body, the status is derived again and may go back (filled -> pending, settled -> filled), and the change is delivered like any other (webhook, stream event, legacy answer). Each transaction carries confirmations and final; the body carries final.
         */
        IntentStatus: {
            /** @description The reported intent; null for an unknown quoteId. */
            intentHash: components["schemas"]["Hash32"] | null;
            status: components["schemas"]["IntentStatusValue"];
            sourceChainId: components["schemas"]["ChainId"] | null;
            destinationChainId: components["schemas"]["ChainId"] | null;
            /** @description Unix seconds when the reported status began; null for unknown. */
            updatedAt: components["schemas"]["Uint64"] | null;
            transactions: components["schemas"]["IntentStatusTransactions"];
            /** @description When the status is refundable or expired: the source Portal's refund call, which anyone may send. Once refundable, the service's relayer sends it itself for an intent registered by a keyed quote or a deposit address (see Refunds nobody has to send); whoever sends it first, it is refunded once. null for every other status, for Solana sources (their refund is a Solana instruction) and for intents whose reward the server has not seen (neither quoted here nor published yet). */
            refund: components["schemas"]["IntentRefund"] | null;
            /** @description Why the intent ended as it did: present on failed, expired, refundable and refunded, null on every other status. */
            reason: components["schemas"]["IntentStatusReason"] | null;
            /** @description Whether the status can no longer change: settled (proven or withdrawn) with a final proof or withdrawal, or refunded with a final refund. Every other status, and any status resting on transactions that are not final yet, may still change (a reorganisation can take filled back to pending). */
            final: boolean;
        };
        Permit3Permit: {
            modeOrExpiration: components["schemas"]["Amount"];
            tokenKey: components["schemas"]["Hash32"];
            /** @description Must equal execution.vault. */
            account: components["schemas"]["EvmAddress"];
            amountDelta: components["schemas"]["Amount"];
        };
        Permit3Authorization: {
            owner: components["schemas"]["EvmAddress"];
            salt: components["schemas"]["Hash32"];
            deadline: components["schemas"]["UnixSeconds"];
            timestamp: components["schemas"]["UnixSeconds"];
            chainPermits: {
                chainId: components["schemas"]["ChainId"];
                permits: components["schemas"]["Permit3Permit"][];
            };
            proof: components["schemas"]["Hash32"][];
        };
        Permit2Authorization: {
            /** @description One entry is signed as PermitSingle, several as PermitBatch; domain verifyingContract = the chain's permit2. */
            details: {
                token: components["schemas"]["EvmAddress"];
                amount: components["schemas"]["Amount"];
                expiration: components["schemas"]["UnixSeconds"];
                /** @description Permit2 nonce. */
                nonce: number;
            }[];
            /** @description Must equal execution.vault. */
            spender: components["schemas"]["EvmAddress"];
            sigDeadline: components["schemas"]["UnixSeconds"];
        };
        Erc3009Authorization: {
            from: components["schemas"]["EvmAddress"];
            /** @description Must equal the vault. */
            to: components["schemas"]["EvmAddress"];
            value: components["schemas"]["Amount"];
            validAfter: components["schemas"]["UnixSeconds"];
            validBefore: components["schemas"]["UnixSeconds"];
            nonce: components["schemas"]["Hash32"];
        };
        Erc2612Permit: {
            owner: components["schemas"]["EvmAddress"];
            /** @description Must equal the vault. */
            spender: components["schemas"]["EvmAddress"];
            value: components["schemas"]["Amount"];
            nonce: components["schemas"]["Amount"];
            deadline: components["schemas"]["UnixSeconds"];
        };
        /** @description 65-byte signature r ‖ s ‖ v, 0x-hex. */
        Signature65: string;
        GaslessPermit3Request: {
            /** @description The signed quote exactly as received. */
            quote: components["schemas"]["Quote"];
            permit3: components["schemas"]["Permit3Authorization"];
            signature: components["schemas"]["Signature65"];
        };
        GaslessPermit2Request: {
            quote: components["schemas"]["Quote"];
            permit2: components["schemas"]["Permit2Authorization"];
            signature: components["schemas"]["Signature65"];
        };
        GaslessErc3009Request: {
            quote: components["schemas"]["Quote"];
            authorization: components["schemas"]["Erc3009Authorization"];
            signature: components["schemas"]["Signature65"];
        };
        GaslessJob: {
            /** @description job:<uuid>. */
            id: string;
            /**
             * @description published is not delivery: track the intent's status. failed: the relay did not happen or did not succeed; error says why. A job whose simulation right before signing fails (the balance moved away, the authorization spent or its window closing within the relayer's margin, the funding reverting) fails with nothing sent. published names a mined transaction; until final is true a reorganisation may remove it, and the job is then accepted again. Once its transactions are sent the job stays accepted until one of them is mined (a transaction without a receipt after a few blocks is replaced with higher fees up to the chain's ceiling, a dropped one sent again): it fails only when none can be mined any more (the relayer's nonce used by another transaction, or, when re-simulated before re-sending its call would now revert, the nonce filled with a 0-value transfer), never for waiting.
             * @enum {string}
             */
            status: "accepted" | "published" | "failed";
            /** @description What an accepted job waits for, or null (not waiting, and always null once published or failed). gas-price: the source chain's base fee plus priority fee is above the chain's fee ceiling (service.json relay.maxFeePerGasWei), so the relayer has signed and sent nothing; it sends once the price is at or below it, never priced above it, and the job fails with nothing sent if its authorization's window closes first. relayer: the relayer account that sends this job has an earlier job's transactions signed and not yet mined, so nothing of this job is signed yet (each account sends its jobs one at a time, in nonce order); it is signed once those are mined or their job has settled. */
            waitingFor: ("gas-price" | "relayer") | null;
            /**
             * @description Authorization standard; erc2612 and transfer only for deposit addresses (transfer: tokens sent to the vault, funded by the relayer once confirmed transfers cover the amount before the address's deadline).
             * @enum {string}
             */
            standard: "permit3" | "permit2" | "erc3009" | "erc2612" | "transfer";
            quoteId: components["schemas"]["Uuid"];
            intentHash: components["schemas"]["Hash32"];
            chainId: components["schemas"]["ChainId"];
            /** @description The funding transaction that counts, once mined and successful (a replacement of the first one sent, if that is the one mined); null while accepted (also again after a reorganisation removed it: the relayer then re-sends the same signed transaction) and when failed. */
            transactionHash: components["schemas"]["Hash32"] | null;
            /** @description Blocks mined on top of transactionHash's block by the chain's head as the server's reader last saw it (0 at the head); null without a transaction. */
            confirmations: number | null;
            /** @description Whether transactionHash can no longer be reorganised away (the rule of IntentStatus transactions: at or below the chain's finalized block where the node serves it, else the configured confirmation depth). Until then the job checks its receipt at the chain's poll interval; if the transaction leaves the chain the job goes back to accepted, and the relayer re-sends the same signed bytes (same nonce, so it can never be paid twice) after simulating them again, or the job fails with nothing new sent. false without a transaction. */
            final: boolean;
            error: string | null;
            createdAt: components["schemas"]["UnixSeconds"];
            updatedAt: components["schemas"]["UnixSeconds"];
        };
        DepositAddressRequest: {
            source: {
                chainId: components["schemas"]["ChainId"];
                token: components["schemas"]["Address"];
                amount: components["schemas"]["Amount"];
            };
            destination: {
                chainId: components["schemas"]["ChainId"];
                token: components["schemas"]["Address"];
                recipient: components["schemas"]["Address"];
            };
            refundRecipient: components["schemas"]["Address"];
        };
        DepositAddress: {
            vaultAddress: components["schemas"]["EvmAddress"];
            intentHash: components["schemas"]["Hash32"];
            quoteId: components["schemas"]["Uuid"];
            deadline: components["schemas"]["UnixSeconds"];
            source: {
                chainId: components["schemas"]["ChainId"];
                token: components["schemas"]["Address"];
                amount: components["schemas"]["Amount"];
            };
            destination: {
                chainId: components["schemas"]["ChainId"];
                token: components["schemas"]["Address"];
                recipient: components["schemas"]["Address"];
            };
            fees: components["schemas"]["Fee"][];
            minAmountOut: components["schemas"]["Amount"];
            /** @description How the address can be funded: erc-3009 and erc-2612 are signed authorizations submitted to this gateway; transfer is ERC-20 transfers of source.token into vaultAddress, from anyone, counted once confirmed at the service's confirmation depth and before deadline (only on chains the service reads). */
            fundingMethods: ("erc-3009" | "erc-2612" | "transfer")[];
            /** @description The intent the vault funds, decoded (the shape of a quote's execution.intent): its route pays destination.recipient at least minAmountOut of destination.token; its reward locks source.amount of source.token with the refund recipient as creator. intentHash is its hash and vaultAddress its vault on the source Portal (CREATE2 with the chain's vaultInitCodeHash), so a client recomputes both. */
            intent: components["schemas"]["Intent"];
            /** @description EIP-712 signature r ‖ s ‖ v (65 bytes, v = 27 or 28, low s) by the source chain's quoteSigner over the Quote typed data of v1 quotes (Quote(string id, bytes32[] intentHashes, uint64 expiresAt), domain {name: ServiceQuoteV1, version: 1, chainId: source.chainId}) with id = "quote:" + quoteId, intentHashes = [intentHash] and expiresAt = deadline. The verifier package checks it and the rest of the answer (verifyDepositAddress). */
            signature: string;
        };
        DepositSubmitErc3009: {
            vaultAddress: components["schemas"]["EvmAddress"];
            authorization: components["schemas"]["Erc3009Authorization"];
            signature: components["schemas"]["Signature65"];
        };
        DepositSubmitErc2612: {
            vaultAddress: components["schemas"]["EvmAddress"];
            permit: components["schemas"]["Erc2612Permit"];
            signature: components["schemas"]["Signature65"];
        };
        DepositStatus: {
            vaultAddress: components["schemas"]["EvmAddress"];
            /** @description The intent's status (IntentStatusValue) once chain events report it; before that awaiting-funding, partially-funded (transfers into the address seen that do not cover the amount at the confirmation depth yet: below it, or not yet confirmed), funding-submitted (a funding job exists: a submitted authorization, or transfers that covered the amount once confirmed), funding-failed (the funding job failed) or expired (the deadline passed unfunded). */
            status: components["schemas"]["IntentStatusValue"] | ("awaiting-funding" | "partially-funded" | "funding-submitted" | "funding-failed");
            deadline: components["schemas"]["UnixSeconds"];
            intentHash: components["schemas"]["Hash32"];
            transactions: components["schemas"]["IntentStatusTransactions"];
        };
        DepositAddressRecord: components["schemas"]["DepositAddress"] & {
            /** @description As in DepositStatus. */
            status: string;
            job: components["schemas"]["GaslessJob"] | null;
            intentStatus: components["schemas"]["IntentStatus"] | null;
            /** @description Funding jobs of this address that failed with none of their transactions mined, oldest first. Such a job never holds the address: it stays open to a new submit (202) and to transfers until a funding of it is final, and `job` is the latest job (null once a failed one is archived here). */
            attempts: components["schemas"]["GaslessJob"][];
        };
        ChainEvents: {
            chainId: components["schemas"]["ChainId"];
            logs: {
                address: components["schemas"]["EvmAddress"];
                topics: components["schemas"]["Hash32"][];
                data: components["schemas"]["HexBytes"];
                /** @description Hex quantity, as in eth_getLogs. */
                blockNumber: string;
                transactionHash: components["schemas"]["Hash32"];
                /** @description Hex quantity, as in eth_getLogs. */
                logIndex: string;
            }[];
        };
        ChainEventsResult: {
            /** @description Logs that changed a record (0 for logs already seen). */
            applied: number;
            /** @description Intent records that changed. */
            updated: number;
            ignored: {
                /** @description Position in logs. */
                index: number;
                /** @description Why it counts for nothing: not emitted by the chain's Portal or prover, not an intent event, malformed event data. */
                reason: string;
            }[];
            /** @description Intents among the logs that no quote or deposit address of this service registered: the Portal is shared with every other integrator, and their logs create no record here. */
            unregistered: number;
        };
        /** @description One Server-Sent Event of a status stream: the lines `event: status`, `id: <id>`, `data: <IntentStatus JSON>`, then a blank line. Comment lines `: keep-alive` come in between (every 15 s). */
        IntentStatusStreamEvent: {
            /**
             * @description The event name; the only one sent.
             * @constant
             */
            event: "status";
            /** @description Names the status body (the first 16 hex digits of its SHA-256). A client reconnecting with it as Last-Event-ID is not sent that status again. */
            id: string;
            /** @description The IntentStatus JSON on one line, exactly as GET /v1/intents/status would answer at that moment. */
            data: string;
        };
        /**
         * @description intent.status: the intent's status changed (the first status known counts as a change). The one event type.
         * @enum {string}
         */
        WebhookEventType: "intent.status";
        /** @description Unknown fields are rejected with 400 naming them. */
        WebhookCreateRequest: {
            /**
             * Format: uri
             * @description Where deliveries are POSTed: https, at most 2,048 characters, no credentials or fragment; in production the host must be a public address or a name whose every resolved address is public (private, loopback, link-local, shared, multicast, reserved and cloud-metadata addresses, internal names such as localhost or *.internal, and numbers spelled as names are refused, at creation and again before every delivery).
             */
            url: string;
            /** @description Event types to receive; no repeats. */
            events: components["schemas"]["WebhookEventType"][];
            /** @description Your label for the endpoint: 1 to 256 characters without control characters. */
            description?: string;
        };
        /** @description A webhook endpoint of this API key, without its secret. */
        WebhookEndpoint: {
            /** @description wh:<uuid>. */
            id: string;
            /**
             * Format: uri
             * @description The endpoint URL as given.
             */
            url: string;
            events: components["schemas"]["WebhookEventType"][];
            /** @description As given; absent when none was. */
            description?: string;
            createdAt: components["schemas"]["UnixSeconds"];
        };
        WebhookEndpointCreated: components["schemas"]["WebhookEndpoint"] & {
            /** @description whsec_<base64 of 32 random bytes>: the HMAC key deliveries are signed with (Standard Webhooks). Shown in this answer only: it is stored encrypted and never listed, so keep it now, on the receiving server. */
            secret: string;
        };
        /** @description One delivery (one status change for one endpoint) and where it stands. */
        WebhookDelivery: {
            /** @description msg:<hex>: the webhook-id header of every attempt of this delivery (stable across retries: deduplicate on it). */
            id: string;
            eventType: components["schemas"]["WebhookEventType"];
            intentHash: components["schemas"]["Hash32"];
            /** @description The intent status the payload carries. */
            status: components["schemas"]["IntentStatusValue"];
            /**
             * @description pending: attempts go on; delivered: a 2xx answered; failed: given up three days after the first attempt; cancelled: the endpoint's API key was revoked (or is no longer mapped to a partner) before it was delivered, and it will not be sent. Every finished delivery is listed for 7 days, then deleted.
             * @enum {string}
             */
            state: "pending" | "delivered" | "failed" | "cancelled";
            /** @description Attempts so far; 0 before the first. */
            attempts: number;
            /** @description HTTP status of the last attempt; null before the first, or when it ended without an answer (network error, 10 s timeout, a URL no longer acceptable). */
            lastStatusCode: number | null;
            /** @description When the next attempt is due; null once delivered or given up. */
            nextAttemptAt: components["schemas"]["UnixSeconds"] | null;
            /** @description When a 2xx answered; null until then. Both nextAttemptAt and deliveredAt null: given up or cancelled (see state). */
            deliveredAt: components["schemas"]["UnixSeconds"] | null;
            /** @description Why a cancelled delivery was not sent (naming the key); null in every other state. */
            cancelReason: string | null;
        };
        /** @description The JSON body of a delivery. Sign-checked as raw bytes: verify the signature over the body exactly as received, before parsing it. */
        WebhookPayload: {
            /**
             * @description The event type.
             * @constant
             */
            type: "intent.status";
            /**
             * Format: date-time
             * @description When the change was noticed, RFC 3339 UTC (e.g. 2026-11-25T10:00:00Z).
             */
            timestamp: string;
            data: components["schemas"]["IntentStatus"];
        };
        /** @description Defaults are used when omitted. */
        LegacyContracts: {
            sourcePortal?: components["schemas"]["EvmAddress"];
            destinationPortal?: components["schemas"]["EvmAddress"];
            prover?: components["schemas"]["EvmAddress"];
        };
        LegacyQuoteRequest: {
            /** @description Client application identifier (attribution only). */
            dAppID: string;
            /** @description Eco's execution types. SELF_PUBLISH is the one served here; a request naming GASLESS answers 400 naming intentExecutionTypes, its message pointing to /v1/gasless (the legacy host relays nothing). */
            intentExecutionTypes: ("SELF_PUBLISH" | "GASLESS")[];
            quoteRequest: {
                sourceChainID: components["schemas"]["ChainId"];
                destinationChainID: components["schemas"]["ChainId"];
                sourceToken: components["schemas"]["Address"];
                destinationToken: components["schemas"]["Address"];
                sourceAmount: components["schemas"]["Amount"];
                funder: components["schemas"]["Address"];
                /** @description Where the reward goes back on refund; defaults to funder. */
                refundRecipient?: components["schemas"]["Address"];
                recipient: components["schemas"]["Address"];
            };
            contracts?: components["schemas"]["LegacyContracts"];
        };
        LegacyFee: {
            /** @description Fee name. */
            name: string;
            /** @description Fee description. */
            description: string;
            token: {
                address: components["schemas"]["Address"];
                /** @description Decimals. */
                decimals: number;
                /** @description Symbol. */
                symbol: string;
            };
            amount: components["schemas"]["Amount"];
        };
        LegacyQuoteEntry: {
            /** @description Quote id. */
            quoteID: string;
            /** @description Solver id. */
            solverID: string;
            /**
             * Format: uri
             * @description The absolute URL (from the configuration's service.baseUrl) of this service's endpoint that takes a signed authorization for the entry's source token: the v1 gasless endpoint of its first gasless standard (permit3, then permit2, then erc3009), e.g. https://api.example/v1/gasless/permit3; <baseUrl>/v1/gasless for a token without one. That endpoint needs an API key and a v1 quote; the legacy host itself relays nothing.
             */
            receiveSignedIntentUrl: string;
            quoteData: {
                quoteResponse: {
                    /**
                     * @description Execution type.
                     * @enum {string}
                     */
                    intentExecutionType: "SELF_PUBLISH";
                    sourceChainID: components["schemas"]["ChainId"];
                    destinationChainID: components["schemas"]["ChainId"];
                    sourceToken: components["schemas"]["Address"];
                    destinationToken: components["schemas"]["Address"];
                    sourceAmount: components["schemas"]["Amount"];
                    /** @description exactIn: the guaranteed output for the fixed sourceAmount. exactOut: the requested amount, delivered exactly. */
                    destinationAmount: components["schemas"]["Amount"];
                    funder: components["schemas"]["Address"];
                    refundRecipient: components["schemas"]["Address"];
                    recipient: components["schemas"]["Address"];
                    fees: components["schemas"]["LegacyFee"][];
                    /** @description The reward deadline. */
                    deadline: components["schemas"]["UnixSeconds"];
                    /** @description Seconds. */
                    estimatedFulfillTimeSec: number;
                    /** @description ABI-encoded route of the protocol page. */
                    encodedRoute: components["schemas"]["HexBytes"];
                };
                contracts: components["schemas"]["LegacyContracts"];
            };
        };
        LegacyQuoteResponse: {
            /** @description One entry per solver. */
            data: components["schemas"]["LegacyQuoteEntry"][];
        };
        LegacyIntentStatusRequest: {
            /** @description Intent hash. */
            intentHash?: string;
            /** @description Creation transaction hash. */
            intentCreatedHash?: string;
            /** @description Fulfillment transaction hash. */
            fulfillmentHash?: string;
        };
        LegacyTransaction: {
            chainId: components["schemas"]["ChainId"];
            /** @description Transaction hash. */
            transactionHash: string;
            /** @description Explorer link; "" on a chain without an explorer. */
            blockExplorerUrl: string;
        };
        LegacyIntentStatusResponse: {
            /** @description The v1 status mapped: pending -> Pending/WaitingToFulfill; filled, settled -> Completed/Fulfilled; expired, refundable, failed -> Pending/WaitingForRefund; refunded -> Completed/Refunded. */
            data: {
                /** @description Intent hash. */
                intentHash: string;
                status: {
                    /**
                     * @description Status.
                     * @enum {string}
                     */
                    status: "Pending" | "Completed";
                    /**
                     * @description Sub-status.
                     * @enum {string}
                     */
                    subStatus: "WaitingToFulfill" | "Fulfilled" | "WaitingForRefund" | "Refunded";
                    /** @description One sentence saying what the subStatus means for this intent. */
                    subStatusMessage: string;
                };
                /** @description The IntentPublished (else IntentFunded) transaction. An intent the chain has not shown created answers 404 not-found. */
                intentCreated: components["schemas"]["LegacyTransaction"];
                /** @description The destination's IntentFulfilled transaction; absent until seen. */
                fulfillment?: components["schemas"]["LegacyTransaction"];
                /** @description The IntentRefunded transaction; absent unless refunded. */
                refund?: components["schemas"]["LegacyTransaction"];
            };
        };
        OperatorChainStatus: {
            chainId: components["schemas"]["ChainId"];
            name: string;
            reader: {
                /** @description The chain's latest block as the reader last read it; null before its first round. */
                head: number | null;
                /** @description The last block whose logs are stored. */
                cursor: number | null;
                /** @description head - cursor (0 when the cursor is ahead of a lagging node's head). */
                lagBlocks: number | null;
                /** @description The chain's finalized block at the last round. */
                finalized: number | null;
                /** @description Unix seconds of the last round that read the head. */
                polledAt: number | null;
                /** @description Why the last round failed, since this isolate started; null when it did not. */
                lastError: string | null;
            };
            /** @description The chain's JSON-RPC endpoints (CHAIN_RPC_URLS, in order), by origin only, with their health as the reader's isolate sees it. */
            providers: {
                /** @description scheme://host[:port]: provider URLs often carry a key in their path. */
                origin: string;
                healthy: boolean;
                /** @description How long the endpoint is still avoided after failures. */
                coolingDownForMs: number;
                /** @description Consecutive failures. */
                failures: number;
            }[];
            /** @description Each relayer account (RELAYER_KEY, RELAYER_KEYS) on the chain. */
            relayers: {
                address: components["schemas"]["EvmAddress"];
                /** @description The native balance (latest block); null when it could not be read. */
                balanceWei: components["schemas"]["Amount"] | null;
                /** @description relay.minRelayerBalanceWei of the chain; null: no floor. */
                floorWei: components["schemas"]["Amount"] | null;
                /** @description true: the account takes no new job on this chain until it is funded; null when the balance is unknown. */
                belowFloor: boolean | null;
                /** @description Jobs the account signed and has not settled on this chain (its queue). */
                openJobs: number | null;
                balanceError: string | null;
            }[];
        };
        OperatorStatus: {
            generatedAt: components["schemas"]["UnixSeconds"];
            /** @description true when there is no alert. */
            healthy: boolean;
            chains: components["schemas"]["OperatorChainStatus"][];
            /** @description One line per account below its floor or with an unreadable balance, per chain not read yet, whose last round failed, without endpoints or with every endpoint cooling down. */
            alerts: string[];
        };
    };
    responses: {
        /** @description invalid-request: errors[] names every field to correct (dotted paths); malformed JSON names the line, column and byte offset; a member name repeated in one object, an escaped unpaired UTF-16 surrogate (\ud800 alone) and nesting deeper than 64 levels are refused the same way, so every reader of a body sees one meaning. */
        BadRequest: {
            headers: {
                "x-request-id": components["headers"]["x-request-id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description invalid-api-key: the key is unknown, revoked, or not enabled for v1. */
        InvalidApiKey: {
            headers: {
                "x-request-id": components["headers"]["x-request-id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No x-api-key: the gateway's exact body. */
        MissingApiKey: {
            headers: {
                "x-request-id": components["headers"]["x-request-id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["GatewayForbidden"];
            };
        };
        /** @description not-found. */
        NotFound: {
            headers: {
                "x-request-id": components["headers"]["x-request-id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description conflict. */
        Conflict: {
            headers: {
                "x-request-id": components["headers"]["x-request-id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description payload-too-large: bodies are limited to 64 KiB (declared Content-Length and the bytes actually sent). */
        PayloadTooLarge: {
            headers: {
                "x-request-id": components["headers"]["x-request-id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description unsupported-media-type: POST bodies must be application/json (UTF-8). */
        UnsupportedMediaType: {
            headers: {
                "x-request-id": components["headers"]["x-request-id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description chain-not-supported. */
        ChainNotSupported: {
            headers: {
                "x-request-id": components["headers"]["x-request-id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description rate-limited: honor Retry-After. */
        RateLimited: {
            headers: {
                "x-request-id": components["headers"]["x-request-id"];
                "Retry-After": components["headers"]["Retry-After"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description rate-limited: honor Retry-After; deposit-quota-exceeded: too many open, unfunded deposit addresses for this client network, its IPv6 /48 or partner, honor Retry-After (or fund an open address). */
        DepositRateLimited: {
            headers: {
                "x-request-id": components["headers"]["x-request-id"];
                "Retry-After": components["headers"]["Retry-After"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description rate-limited: honor Retry-After. sponsorship-exhausted: the partner's daily gas budget on the source chain is spent (relayer transactions of the UTC day at their receipts' cost, jobs not yet settled at their gas limits x the chain's fee ceiling), or this funder has had its relayed fundings of the UTC day on the chain under this partner; the detail says which. It carries Retry-After until the next UTC day and RateLimit-Limit (the budget in wei, or the fundings per funder), RateLimit-Remaining 0 and RateLimit-Reset; nothing was sent and no job was created, and the quote can still be funded directly by its funder. */
        SponsoredSubmitRateLimited: {
            headers: {
                "x-request-id": components["headers"]["x-request-id"];
                "Retry-After": components["headers"]["Retry-After"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description solver-error: no solver will fill the route, or an upstream failure. Retry with a bounded delay after checking pair and amount. */
        SolverError: {
            headers: {
                "x-request-id": components["headers"]["x-request-id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description funding-would-fail: before accepting, the relayer simulates its transactions against the pending block (eth_call) and they would revert, or the funder's balance is already held by its other relayed fundings; detail names the first reason: the intent is already funded (the Portal's getRewardStatus is not Initial), the funder's token balance is below the amount, the balance less what the funder's other accepted and unsettled relayed fundings on the chain reserve is below the amount (insufficient balance once reserved, naming each reserving job and its amount), the token is not approved to Permit2 or Permit3, the authorization (ERC-3009 nonce, EIP-2612 permit nonce, Permit2 nonce or Permit3 salt) is already used, or the authorization call itself reverts (with its decoded reason). Nothing is sent and no job is created: correct the cause and submit again. */
        FundingWouldFail: {
            headers: {
                "x-request-id": components["headers"]["x-request-id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description chain-unverified: the request would have funds paid straight to a vault (a deposit address, an ERC-3009 authorization's to, a Permit3 transfer's account) on a chain whose Portal has not confirmed the vault derivation (ChainRecord.vaultDerivation unconfirmed). Nothing is accepted. Retry after Retry-After seconds, or fund through the Portal (a quote's execution.transaction). */
        ChainUnverified: {
            headers: {
                "x-request-id": components["headers"]["x-request-id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description internal: never caused by client input; quote the requestId. */
        Internal: {
            headers: {
                "x-request-id": components["headers"]["x-request-id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Missing key (gateway body), partner-not-mapped or feature-not-enabled (problem+json: the key lacks the gasless feature). */
        GaslessForbidden: {
            headers: {
                "x-request-id": components["headers"]["x-request-id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["GatewayForbidden"];
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Missing key (gateway body) or partner-not-mapped (problem+json): webhooks belong to partner-mapped keys. */
        WebhooksForbidden: {
            headers: {
                "x-request-id": components["headers"]["x-request-id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["GatewayForbidden"];
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Missing key (gateway body) or feature-not-enabled (problem+json: the key lacks the quotes feature). */
        QuotesForbidden: {
            headers: {
                "x-request-id": components["headers"]["x-request-id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["GatewayForbidden"];
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        /** @description The partner's slug: each configured partner has its own gateway (/v1/<slug>-gateway/...); an unconfigured slug has no routes (404 not-found). */
        partner: string;
    };
    requestBodies: never;
    headers: {
        /** @description Echo of the client's x-request-id when it is 1-128 characters of [A-Za-z0-9._-], else a fresh id. */
        "x-request-id": string;
        /** @description Wire-format version of every v1 response. */
        "x-schema-version": "0.9.0";
        /** @description Bucket size (burst) of this key's token bucket. */
        "RateLimit-Limit": number;
        /** @description Requests available right now. */
        "RateLimit-Remaining": number;
        /** @description Seconds until the bucket is full again. */
        "RateLimit-Reset": number;
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getIndexPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "environment": "production",
                     *       "schemaVersion": "0.9.0",
                     *       "core": {
                     *         "state": "ready",
                     *         "instantiateMs": 21,
                     *         "constructMs": 280
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "openapi": "3.1.0",
                     *       "info": {
                     *         "title": "Stablecoin Transfer Routes API",
                     *         "version": "0.9.0"
                     *       },
                     *       "paths": {
                     *         "/v1/quotes": {
                     *           "post": {
                     *             "operationId": "createQuote"
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": Record<string, never>;
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    getApiReference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    listChains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Chains with portals and quote signers. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "chains": [
                     *         {
                     *           "chainId": 1,
                     *           "name": "Ethereum",
                     *           "vm": "evm",
                     *           "portal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                     *           "prover": "0xeC0008acc34d3D0CAa6758Ce788091e473812e28",
                     *           "permit2": "0x000000000022D473030F116dDEE9F6B43aC78BA3",
                     *           "permit3": "0xEc00030C0000245E27d1521Cc2EE88F071c2Ae34",
                     *           "vaultInitCodeHash": "0xa2e2cc717ed580fa2f38da7f47db9672a9723c65b386ed97f755095eb669f629",
                     *           "quoteSigner": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *           "nativeCurrency": {
                     *             "symbol": "ETH",
                     *             "decimals": 18
                     *           },
                     *           "blockExplorerUrl": "https://etherscan.io",
                     *           "vaultDerivation": "unconfirmed",
                     *           "limits": {
                     *             "maxFillWindowSec": 3600,
                     *             "maxRewardWindowSec": 3600,
                     *             "maxQuoteLifetimeSec": 120,
                     *             "maxDepositLifetimeSec": 86400
                     *           }
                     *         },
                     *         {
                     *           "chainId": 10,
                     *           "name": "Optimism",
                     *           "vm": "evm",
                     *           "portal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                     *           "prover": "0xeC0008acc34d3D0CAa6758Ce788091e473812e28",
                     *           "permit2": "0x000000000022D473030F116dDEE9F6B43aC78BA3",
                     *           "permit3": "0xEc00030C0000245E27d1521Cc2EE88F071c2Ae34",
                     *           "vaultInitCodeHash": "0xa2e2cc717ed580fa2f38da7f47db9672a9723c65b386ed97f755095eb669f629",
                     *           "quoteSigner": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *           "nativeCurrency": {
                     *             "symbol": "ETH",
                     *             "decimals": 18
                     *           },
                     *           "blockExplorerUrl": "https://optimistic.etherscan.io",
                     *           "vaultDerivation": "unconfirmed",
                     *           "limits": {
                     *             "maxFillWindowSec": 3600,
                     *             "maxRewardWindowSec": 3600,
                     *             "maxQuoteLifetimeSec": 120,
                     *             "maxDepositLifetimeSec": 86400
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        chains: components["schemas"]["ChainRecord"][];
                    };
                };
            };
            401: components["responses"]["InvalidApiKey"];
            403: components["responses"]["MissingApiKey"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    listTokens: {
        parameters: {
            query?: {
                /** @description Only this chain's tokens; all tokens when omitted. */
                chainId?: components["schemas"]["ChainId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Tokens with decimals and gasless standards. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tokens": [
                     *         {
                     *           "chainId": 8453,
                     *           "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *           "symbol": "USDC",
                     *           "name": "USD Coin",
                     *           "decimals": 6,
                     *           "gasless": [
                     *             "permit3",
                     *             "permit2",
                     *             "erc3009"
                     *           ],
                     *           "eip712": {
                     *             "name": "USD Coin",
                     *             "version": "2"
                     *           }
                     *         },
                     *         {
                     *           "chainId": 8453,
                     *           "address": "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2",
                     *           "symbol": "USDT",
                     *           "name": "Tether USD",
                     *           "decimals": 6,
                     *           "gasless": [
                     *             "permit3",
                     *             "permit2"
                     *           ],
                     *           "eip712": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        tokens: components["schemas"]["TokenRecord"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidApiKey"];
            403: components["responses"]["MissingApiKey"];
            422: components["responses"]["ChainNotSupported"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    createQuote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "exact-in",
                 *       "dappId": "my-wallet",
                 *       "source": {
                 *         "chainId": 8453,
                 *         "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *         "amount": "100000000",
                 *         "funder": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
                 *       },
                 *       "destination": {
                 *         "chainId": 10,
                 *         "token": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *         "recipient": "0x976EA74026E726554dB657fA54763abd0C3a0aa9"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["QuoteRequest"];
            };
        };
        responses: {
            /** @description The winning quote (and competing quotes when asked). */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "quote:f606e35f-d825-4d16-be19-7a0b71b0eef6",
                     *       "type": "exact-in",
                     *       "source": {
                     *         "chainId": 8453,
                     *         "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *         "amount": "100000000",
                     *         "funder": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *         "refundRecipient": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
                     *       },
                     *       "destination": {
                     *         "chainId": 10,
                     *         "token": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *         "recipient": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                     *         "amountOut": "99840000",
                     *         "minAmountOut": "99840000"
                     *       },
                     *       "slippage": 0,
                     *       "fees": [
                     *         {
                     *           "type": "protocol",
                     *           "amount": "0",
                     *           "token": {
                     *             "chainId": 10,
                     *             "address": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *             "symbol": "USDC",
                     *             "decimals": 6
                     *           },
                     *           "estimate": false,
                     *           "recipient": "0x2546BcD3c84621e976D8185a91A922aE77ECEc30"
                     *         },
                     *         {
                     *           "type": "gateway",
                     *           "amount": "100000",
                     *           "token": {
                     *             "chainId": 10,
                     *             "address": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *             "symbol": "USDC",
                     *             "decimals": 6
                     *           },
                     *           "estimate": false,
                     *           "recipient": "0xbDA5747bFD65F08deb54cb465eB87D40e51B197E"
                     *         },
                     *         {
                     *           "type": "gas",
                     *           "amount": "60000",
                     *           "token": {
                     *             "chainId": 8453,
                     *             "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *             "symbol": "USDC",
                     *             "decimals": 6
                     *           },
                     *           "estimate": false,
                     *           "recipient": null
                     *         },
                     *         {
                     *           "type": "proving",
                     *           "amount": "0",
                     *           "token": {
                     *             "chainId": 8453,
                     *             "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *             "symbol": "USDC",
                     *             "decimals": 6
                     *           },
                     *           "estimate": false,
                     *           "recipient": null
                     *         }
                     *       ],
                     *       "steps": [
                     *         {
                     *           "provider": "atlas",
                     *           "intents": [
                     *             {
                     *               "role": "direct",
                     *               "intentHash": "0xf66bcc8a8b5b9cf3e05911fc74f82d6306e51629433cc7903e36d99437c6c822",
                     *               "sourceChainId": 8453,
                     *               "destinationChainId": 10,
                     *               "intent": {
                     *                 "destination": 10,
                     *                 "route": {
                     *                   "salt": "0x003d3e771858ce9ad592e147af050824a37322ed064ccb6d7d8056861f1f2673",
                     *                   "deadline": 1795887655,
                     *                   "portal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                     *                   "nativeAmount": "0",
                     *                   "tokens": [
                     *                     {
                     *                       "token": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *                       "amount": "99940000"
                     *                     }
                     *                   ],
                     *                   "calls": [
                     *                     {
                     *                       "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *                       "data": "0xa9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f37000",
                     *                       "value": "0"
                     *                     },
                     *                     {
                     *                       "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *                       "data": "0xa9059cbb000000000000000000000000bda5747bfd65f08deb54cb465eb87d40e51b197e00000000000000000000000000000000000000000000000000000000000186a0",
                     *                       "value": "0"
                     *                     }
                     *                   ]
                     *                 },
                     *                 "reward": {
                     *                   "deadline": 1795891255,
                     *                   "creator": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *                   "prover": "0xeC0008acc34d3D0CAa6758Ce788091e473812e28",
                     *                   "nativeAmount": "0",
                     *                   "tokens": [
                     *                     {
                     *                       "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                       "amount": "100000000"
                     *                     }
                     *                   ]
                     *                 }
                     *               },
                     *               "encodedRoute": "0x0000000000000000000000000000000000000000000000000000000000000020003d3e771858ce9ad592e147af050824a37322ed064ccb6d7d8056861f1f2673000000000000000000000000000000000000000000000000000000006b0b1227000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000c0000000000000000000000000000000000000000000000000000000000000012000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff850000000000000000000000000000000000000000000000000000000005f4f6a00000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000004000000000000000000000000000000000000000000000000000000000000001200000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f37000000000000000000000000000000000000000000000000000000000000000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000bda5747bfd65f08deb54cb465eb87d40e51b197e00000000000000000000000000000000000000000000000000000000000186a000000000000000000000000000000000000000000000000000000000",
                     *               "vault": "0x748894128789C341ffA0C102B1963438FF3072Df"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "solver": {
                     *         "id": "atlas",
                     *         "name": "Atlas Liquidity (simulation)"
                     *       },
                     *       "intentHash": "0xf66bcc8a8b5b9cf3e05911fc74f82d6306e51629433cc7903e36d99437c6c822",
                     *       "execution": {
                     *         "transaction": {
                     *           "type": "evm",
                     *           "chainId": 8453,
                     *           "from": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *           "to": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                     *           "data": "0xdf00f8fa000000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000800000000000000000000000000000000000000000000000000000000000000400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000003600000000000000000000000000000000000000000000000000000000000000020003d3e771858ce9ad592e147af050824a37322ed064ccb6d7d8056861f1f2673000000000000000000000000000000000000000000000000000000006b0b1227000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000c0000000000000000000000000000000000000000000000000000000000000012000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff850000000000000000000000000000000000000000000000000000000005f4f6a00000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000004000000000000000000000000000000000000000000000000000000000000001200000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f37000000000000000000000000000000000000000000000000000000000000000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000bda5747bfd65f08deb54cb465eb87d40e51b197e00000000000000000000000000000000000000000000000000000000000186a000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000006b0b203700000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8000000000000000000000000ec0008acc34d3d0caa6758ce788091e473812e28000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000001000000000000000000000000833589fcd6edb6e08f4c7c32d4f71b54bda029130000000000000000000000000000000000000000000000000000000005f5e100",
                     *           "value": "0",
                     *           "gas": 600000,
                     *           "gasEstimated": false
                     *         },
                     *         "intent": {
                     *           "destination": 10,
                     *           "route": {
                     *             "salt": "0x003d3e771858ce9ad592e147af050824a37322ed064ccb6d7d8056861f1f2673",
                     *             "deadline": 1795887655,
                     *             "portal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                     *             "nativeAmount": "0",
                     *             "tokens": [
                     *               {
                     *                 "token": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *                 "amount": "99940000"
                     *               }
                     *             ],
                     *             "calls": [
                     *               {
                     *                 "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *                 "data": "0xa9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f37000",
                     *                 "value": "0"
                     *               },
                     *               {
                     *                 "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *                 "data": "0xa9059cbb000000000000000000000000bda5747bfd65f08deb54cb465eb87d40e51b197e00000000000000000000000000000000000000000000000000000000000186a0",
                     *                 "value": "0"
                     *               }
                     *             ]
                     *           },
                     *           "reward": {
                     *             "deadline": 1795891255,
                     *             "creator": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *             "prover": "0xeC0008acc34d3D0CAa6758Ce788091e473812e28",
                     *             "nativeAmount": "0",
                     *             "tokens": [
                     *               {
                     *                 "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                 "amount": "100000000"
                     *               }
                     *             ]
                     *           }
                     *         },
                     *         "vault": "0x748894128789C341ffA0C102B1963438FF3072Df",
                     *         "approval": {
                     *           "type": "evm",
                     *           "chainId": 8453,
                     *           "from": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *           "to": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *           "data": "0x095ea7b3000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df0000000000000000000000000000000000000000000000000000000005f5e100",
                     *           "value": "0",
                     *           "gas": 100000,
                     *           "gasEstimated": false
                     *         },
                     *         "approvals": [
                     *           {
                     *             "type": "evm",
                     *             "chainId": 8453,
                     *             "from": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *             "to": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *             "data": "0x095ea7b3000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df0000000000000000000000000000000000000000000000000000000005f5e100",
                     *             "value": "0",
                     *             "gas": 100000,
                     *             "gasEstimated": false
                     *           }
                     *         ]
                     *       },
                     *       "checks": null,
                     *       "expiresAt": 1795884055,
                     *       "estimatedFulfillTimeSec": 20,
                     *       "signature": "0x11b3c3ef19f99b7f3573f6b1b7edcb476deb38938cce61441575b02a670fc21511b192be075057e4c73ec66bfa592c8334aed4dfd0b766445a962faca29b65551c",
                     *       "competingQuotes": null
                     *     }
                     */
                    "application/json": components["schemas"]["Quote"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidApiKey"];
            403: components["responses"]["QuotesForbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ChainNotSupported"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["SolverError"];
        };
    };
    getIntentStatus: {
        parameters: {
            query?: {
                /** @description Intent hash, 0x + 64 hex digits. */
                intentHash?: components["schemas"]["Hash32"];
                /** @description Bare quote UUID (without quote:). */
                quoteId?: components["schemas"]["Uuid"];
                /** @description A transaction hash, 0x + 64 hex digits: the intent whose publication, funding, fill, proof or refund it is. */
                transactionHash?: components["schemas"]["Hash32"];
                /** @description With transactionHash only: the chain the transaction is on (a hash alone is looked up on every chain). */
                chainId?: components["schemas"]["ChainId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The status; unknown when no record exists. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "intentHash": "0x460af43143550c03f81f4594e07a734e0d223b0a3fe92f1621ae322622c35349",
                     *       "status": "pending",
                     *       "sourceChainId": 8453,
                     *       "destinationChainId": 10,
                     *       "updatedAt": 1795884115,
                     *       "transactions": {
                     *         "published": null,
                     *         "funded": null,
                     *         "fulfilled": null,
                     *         "proven": null,
                     *         "withdrawn": null,
                     *         "refunded": null
                     *       },
                     *       "refund": null,
                     *       "reason": null,
                     *       "final": false
                     *     }
                     */
                    "application/json": components["schemas"]["IntentStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidApiKey"];
            403: components["responses"]["MissingApiKey"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    streamIntentStatus: {
        parameters: {
            query?: {
                /** @description Intent hash, 0x + 64 hex digits. */
                intentHash?: components["schemas"]["Hash32"];
                /** @description Bare quote UUID (without quote:). */
                quoteId?: components["schemas"]["Uuid"];
            };
            header?: {
                /** @description The id of the last event received, when reconnecting: a status with that id is not sent again. */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream: IntentStatusStreamEvent events and keep-alive comments, until a final status or 10 minutes. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example event: status
                     *     id: 5c7e0b1f9a3d2e41
                     *     data: {"intentHash":"0x4f…","status":"pending",…}
                     *
                     *     : keep-alive
                     *
                     *     event: status
                     *     id: 0d9a61c2b7e8f305
                     *     data: {"intentHash":"0x4f…","status":"filled",…}
                     */
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidApiKey"];
            403: components["responses"]["MissingApiKey"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    streamIntentStatusPublic: {
        parameters: {
            query: {
                /** @description Intent hash, 0x + 64 hex digits. */
                intentHash: components["schemas"]["Hash32"];
            };
            header?: {
                /** @description The id of the last event received, when reconnecting: a status with that id is not sent again. */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream: IntentStatusStreamEvent events and keep-alive comments, until a final status or 10 minutes. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example event: status
                     *     id: 5c7e0b1f9a3d2e41
                     *     data: {"intentHash":"0x4f…","status":"pending",…}
                     *
                     *     : keep-alive
                     *
                     *     event: status
                     *     id: 0d9a61c2b7e8f305
                     *     data: {"intentHash":"0x4f…","status":"filled",…}
                     */
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    submitGaslessPermit3: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "quote": {
                 *         "id": "quote:f606e35f-d825-4d16-be19-7a0b71b0eef6",
                 *         "type": "exact-in",
                 *         "source": {
                 *           "chainId": 8453,
                 *           "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *           "amount": "100000000",
                 *           "funder": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *           "refundRecipient": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
                 *         },
                 *         "destination": {
                 *           "chainId": 10,
                 *           "token": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *           "recipient": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                 *           "amountOut": "99840000",
                 *           "minAmountOut": "99840000"
                 *         },
                 *         "slippage": 0,
                 *         "fees": [
                 *           {
                 *             "type": "protocol",
                 *             "amount": "0",
                 *             "token": {
                 *               "chainId": 10,
                 *               "address": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *               "symbol": "USDC",
                 *               "decimals": 6
                 *             },
                 *             "estimate": false,
                 *             "recipient": "0x2546BcD3c84621e976D8185a91A922aE77ECEc30"
                 *           },
                 *           {
                 *             "type": "gateway",
                 *             "amount": "100000",
                 *             "token": {
                 *               "chainId": 10,
                 *               "address": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *               "symbol": "USDC",
                 *               "decimals": 6
                 *             },
                 *             "estimate": false,
                 *             "recipient": "0xbDA5747bFD65F08deb54cb465eB87D40e51B197E"
                 *           },
                 *           {
                 *             "type": "gas",
                 *             "amount": "60000",
                 *             "token": {
                 *               "chainId": 8453,
                 *               "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *               "symbol": "USDC",
                 *               "decimals": 6
                 *             },
                 *             "estimate": false,
                 *             "recipient": null
                 *           },
                 *           {
                 *             "type": "proving",
                 *             "amount": "0",
                 *             "token": {
                 *               "chainId": 8453,
                 *               "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *               "symbol": "USDC",
                 *               "decimals": 6
                 *             },
                 *             "estimate": false,
                 *             "recipient": null
                 *           }
                 *         ],
                 *         "steps": [
                 *           {
                 *             "provider": "atlas",
                 *             "intents": [
                 *               {
                 *                 "role": "direct",
                 *                 "intentHash": "0xf66bcc8a8b5b9cf3e05911fc74f82d6306e51629433cc7903e36d99437c6c822",
                 *                 "sourceChainId": 8453,
                 *                 "destinationChainId": 10,
                 *                 "intent": {
                 *                   "destination": 10,
                 *                   "route": {
                 *                     "salt": "0x003d3e771858ce9ad592e147af050824a37322ed064ccb6d7d8056861f1f2673",
                 *                     "deadline": 1795887655,
                 *                     "portal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                 *                     "nativeAmount": "0",
                 *                     "tokens": [
                 *                       {
                 *                         "token": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *                         "amount": "99940000"
                 *                       }
                 *                     ],
                 *                     "calls": [
                 *                       {
                 *                         "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *                         "data": "0xa9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f37000",
                 *                         "value": "0"
                 *                       },
                 *                       {
                 *                         "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *                         "data": "0xa9059cbb000000000000000000000000bda5747bfd65f08deb54cb465eb87d40e51b197e00000000000000000000000000000000000000000000000000000000000186a0",
                 *                         "value": "0"
                 *                       }
                 *                     ]
                 *                   },
                 *                   "reward": {
                 *                     "deadline": 1795891255,
                 *                     "creator": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *                     "prover": "0xeC0008acc34d3D0CAa6758Ce788091e473812e28",
                 *                     "nativeAmount": "0",
                 *                     "tokens": [
                 *                       {
                 *                         "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *                         "amount": "100000000"
                 *                       }
                 *                     ]
                 *                   }
                 *                 },
                 *                 "encodedRoute": "0x0000000000000000000000000000000000000000000000000000000000000020003d3e771858ce9ad592e147af050824a37322ed064ccb6d7d8056861f1f2673000000000000000000000000000000000000000000000000000000006b0b1227000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000c0000000000000000000000000000000000000000000000000000000000000012000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff850000000000000000000000000000000000000000000000000000000005f4f6a00000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000004000000000000000000000000000000000000000000000000000000000000001200000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f37000000000000000000000000000000000000000000000000000000000000000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000bda5747bfd65f08deb54cb465eb87d40e51b197e00000000000000000000000000000000000000000000000000000000000186a000000000000000000000000000000000000000000000000000000000",
                 *                 "vault": "0x748894128789C341ffA0C102B1963438FF3072Df"
                 *               }
                 *             ]
                 *           }
                 *         ],
                 *         "solver": {
                 *           "id": "atlas",
                 *           "name": "Atlas Liquidity (simulation)"
                 *         },
                 *         "intentHash": "0xf66bcc8a8b5b9cf3e05911fc74f82d6306e51629433cc7903e36d99437c6c822",
                 *         "execution": {
                 *           "transaction": {
                 *             "type": "evm",
                 *             "chainId": 8453,
                 *             "from": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *             "to": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                 *             "data": "0xdf00f8fa000000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000800000000000000000000000000000000000000000000000000000000000000400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000003600000000000000000000000000000000000000000000000000000000000000020003d3e771858ce9ad592e147af050824a37322ed064ccb6d7d8056861f1f2673000000000000000000000000000000000000000000000000000000006b0b1227000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000c0000000000000000000000000000000000000000000000000000000000000012000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff850000000000000000000000000000000000000000000000000000000005f4f6a00000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000004000000000000000000000000000000000000000000000000000000000000001200000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f37000000000000000000000000000000000000000000000000000000000000000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000bda5747bfd65f08deb54cb465eb87d40e51b197e00000000000000000000000000000000000000000000000000000000000186a000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000006b0b203700000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8000000000000000000000000ec0008acc34d3d0caa6758ce788091e473812e28000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000001000000000000000000000000833589fcd6edb6e08f4c7c32d4f71b54bda029130000000000000000000000000000000000000000000000000000000005f5e100",
                 *             "value": "0",
                 *             "gas": 600000,
                 *             "gasEstimated": false
                 *           },
                 *           "intent": {
                 *             "destination": 10,
                 *             "route": {
                 *               "salt": "0x003d3e771858ce9ad592e147af050824a37322ed064ccb6d7d8056861f1f2673",
                 *               "deadline": 1795887655,
                 *               "portal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                 *               "nativeAmount": "0",
                 *               "tokens": [
                 *                 {
                 *                   "token": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *                   "amount": "99940000"
                 *                 }
                 *               ],
                 *               "calls": [
                 *                 {
                 *                   "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *                   "data": "0xa9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f37000",
                 *                   "value": "0"
                 *                 },
                 *                 {
                 *                   "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *                   "data": "0xa9059cbb000000000000000000000000bda5747bfd65f08deb54cb465eb87d40e51b197e00000000000000000000000000000000000000000000000000000000000186a0",
                 *                   "value": "0"
                 *                 }
                 *               ]
                 *             },
                 *             "reward": {
                 *               "deadline": 1795891255,
                 *               "creator": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *               "prover": "0xeC0008acc34d3D0CAa6758Ce788091e473812e28",
                 *               "nativeAmount": "0",
                 *               "tokens": [
                 *                 {
                 *                   "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *                   "amount": "100000000"
                 *                 }
                 *               ]
                 *             }
                 *           },
                 *           "vault": "0x748894128789C341ffA0C102B1963438FF3072Df",
                 *           "approval": {
                 *             "type": "evm",
                 *             "chainId": 8453,
                 *             "from": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *             "to": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *             "data": "0x095ea7b3000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df0000000000000000000000000000000000000000000000000000000005f5e100",
                 *             "value": "0",
                 *             "gas": 100000,
                 *             "gasEstimated": false
                 *           },
                 *           "approvals": [
                 *             {
                 *               "type": "evm",
                 *               "chainId": 8453,
                 *               "from": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *               "to": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *               "data": "0x095ea7b3000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df0000000000000000000000000000000000000000000000000000000005f5e100",
                 *               "value": "0",
                 *               "gas": 100000,
                 *               "gasEstimated": false
                 *             }
                 *           ]
                 *         },
                 *         "checks": null,
                 *         "expiresAt": 1795884055,
                 *         "estimatedFulfillTimeSec": 20,
                 *         "signature": "0x11b3c3ef19f99b7f3573f6b1b7edcb476deb38938cce61441575b02a670fc21511b192be075057e4c73ec66bfa592c8334aed4dfd0b766445a962faca29b65551c",
                 *         "competingQuotes": null
                 *       },
                 *       "permit3": {
                 *         "owner": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *         "salt": "0x3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c",
                 *         "deadline": 1795884835,
                 *         "timestamp": 1795884115,
                 *         "chainPermits": {
                 *           "chainId": 8453,
                 *           "permits": [
                 *             {
                 *               "modeOrExpiration": "1795887835",
                 *               "tokenKey": "0x000000000000000000000000833589fcd6edb6e08f4c7c32d4f71b54bda02913",
                 *               "account": "0x748894128789C341ffA0C102B1963438FF3072Df",
                 *               "amountDelta": "100000000"
                 *             }
                 *           ]
                 *         },
                 *         "proof": []
                 *       },
                 *       "signature": "0x1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c1c"
                 *     }
                 */
                "application/json": components["schemas"]["GaslessPermit3Request"];
            };
        };
        responses: {
            /** @description The identical signed payload again: the existing job. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "job:4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "status": "accepted",
                     *       "waitingFor": null,
                     *       "standard": "permit3",
                     *       "quoteId": "4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "intentHash": "0x460af43143550c03f81f4594e07a734e0d223b0a3fe92f1621ae322622c35349",
                     *       "chainId": 8453,
                     *       "transactionHash": null,
                     *       "confirmations": null,
                     *       "final": false,
                     *       "error": null,
                     *       "createdAt": 1795884125,
                     *       "updatedAt": 1795884125
                     *     }
                     */
                    "application/json": components["schemas"]["GaslessJob"];
                };
            };
            /** @description First acceptance: the new job. */
            202: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "job:4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "status": "accepted",
                     *       "waitingFor": null,
                     *       "standard": "permit3",
                     *       "quoteId": "4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "intentHash": "0x460af43143550c03f81f4594e07a734e0d223b0a3fe92f1621ae322622c35349",
                     *       "chainId": 8453,
                     *       "transactionHash": null,
                     *       "confirmations": null,
                     *       "final": false,
                     *       "error": null,
                     *       "createdAt": 1795884125,
                     *       "updatedAt": 1795884125
                     *     }
                     */
                    "application/json": components["schemas"]["GaslessJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidApiKey"];
            403: components["responses"]["GaslessForbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description chain-not-supported: the quote's source chain is not served. funding-would-fail: before accepting, the relayer simulates its transactions against the pending block (eth_call) and they would revert, or the funder's balance is already held by its other relayed fundings; detail names the first reason: the intent is already funded (the Portal's getRewardStatus is not Initial), the funder's token balance is below the amount, the balance less what the funder's other accepted and unsettled relayed fundings on the chain reserve is below the amount (insufficient balance once reserved, naming each reserving job and its amount), the token is not approved to Permit2 or Permit3, the authorization (ERC-3009 nonce, EIP-2612 permit nonce, Permit2 nonce or Permit3 salt) is already used, or the authorization call itself reverts (with its decoded reason). Nothing is sent and no job is created: correct the cause and submit again. */
            422: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["SponsoredSubmitRateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["ChainUnverified"];
        };
    };
    submitGaslessPermit2: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "quote": {
                 *         "id": "quote:f606e35f-d825-4d16-be19-7a0b71b0eef6",
                 *         "type": "exact-in",
                 *         "source": {
                 *           "chainId": 8453,
                 *           "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *           "amount": "100000000",
                 *           "funder": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *           "refundRecipient": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
                 *         },
                 *         "destination": {
                 *           "chainId": 10,
                 *           "token": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *           "recipient": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                 *           "amountOut": "99840000",
                 *           "minAmountOut": "99840000"
                 *         },
                 *         "slippage": 0,
                 *         "fees": [
                 *           {
                 *             "type": "protocol",
                 *             "amount": "0",
                 *             "token": {
                 *               "chainId": 10,
                 *               "address": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *               "symbol": "USDC",
                 *               "decimals": 6
                 *             },
                 *             "estimate": false,
                 *             "recipient": "0x2546BcD3c84621e976D8185a91A922aE77ECEc30"
                 *           },
                 *           {
                 *             "type": "gateway",
                 *             "amount": "100000",
                 *             "token": {
                 *               "chainId": 10,
                 *               "address": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *               "symbol": "USDC",
                 *               "decimals": 6
                 *             },
                 *             "estimate": false,
                 *             "recipient": "0xbDA5747bFD65F08deb54cb465eB87D40e51B197E"
                 *           },
                 *           {
                 *             "type": "gas",
                 *             "amount": "60000",
                 *             "token": {
                 *               "chainId": 8453,
                 *               "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *               "symbol": "USDC",
                 *               "decimals": 6
                 *             },
                 *             "estimate": false,
                 *             "recipient": null
                 *           },
                 *           {
                 *             "type": "proving",
                 *             "amount": "0",
                 *             "token": {
                 *               "chainId": 8453,
                 *               "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *               "symbol": "USDC",
                 *               "decimals": 6
                 *             },
                 *             "estimate": false,
                 *             "recipient": null
                 *           }
                 *         ],
                 *         "steps": [
                 *           {
                 *             "provider": "atlas",
                 *             "intents": [
                 *               {
                 *                 "role": "direct",
                 *                 "intentHash": "0xf66bcc8a8b5b9cf3e05911fc74f82d6306e51629433cc7903e36d99437c6c822",
                 *                 "sourceChainId": 8453,
                 *                 "destinationChainId": 10,
                 *                 "intent": {
                 *                   "destination": 10,
                 *                   "route": {
                 *                     "salt": "0x003d3e771858ce9ad592e147af050824a37322ed064ccb6d7d8056861f1f2673",
                 *                     "deadline": 1795887655,
                 *                     "portal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                 *                     "nativeAmount": "0",
                 *                     "tokens": [
                 *                       {
                 *                         "token": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *                         "amount": "99940000"
                 *                       }
                 *                     ],
                 *                     "calls": [
                 *                       {
                 *                         "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *                         "data": "0xa9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f37000",
                 *                         "value": "0"
                 *                       },
                 *                       {
                 *                         "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *                         "data": "0xa9059cbb000000000000000000000000bda5747bfd65f08deb54cb465eb87d40e51b197e00000000000000000000000000000000000000000000000000000000000186a0",
                 *                         "value": "0"
                 *                       }
                 *                     ]
                 *                   },
                 *                   "reward": {
                 *                     "deadline": 1795891255,
                 *                     "creator": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *                     "prover": "0xeC0008acc34d3D0CAa6758Ce788091e473812e28",
                 *                     "nativeAmount": "0",
                 *                     "tokens": [
                 *                       {
                 *                         "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *                         "amount": "100000000"
                 *                       }
                 *                     ]
                 *                   }
                 *                 },
                 *                 "encodedRoute": "0x0000000000000000000000000000000000000000000000000000000000000020003d3e771858ce9ad592e147af050824a37322ed064ccb6d7d8056861f1f2673000000000000000000000000000000000000000000000000000000006b0b1227000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000c0000000000000000000000000000000000000000000000000000000000000012000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff850000000000000000000000000000000000000000000000000000000005f4f6a00000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000004000000000000000000000000000000000000000000000000000000000000001200000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f37000000000000000000000000000000000000000000000000000000000000000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000bda5747bfd65f08deb54cb465eb87d40e51b197e00000000000000000000000000000000000000000000000000000000000186a000000000000000000000000000000000000000000000000000000000",
                 *                 "vault": "0x748894128789C341ffA0C102B1963438FF3072Df"
                 *               }
                 *             ]
                 *           }
                 *         ],
                 *         "solver": {
                 *           "id": "atlas",
                 *           "name": "Atlas Liquidity (simulation)"
                 *         },
                 *         "intentHash": "0xf66bcc8a8b5b9cf3e05911fc74f82d6306e51629433cc7903e36d99437c6c822",
                 *         "execution": {
                 *           "transaction": {
                 *             "type": "evm",
                 *             "chainId": 8453,
                 *             "from": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *             "to": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                 *             "data": "0xdf00f8fa000000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000800000000000000000000000000000000000000000000000000000000000000400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000003600000000000000000000000000000000000000000000000000000000000000020003d3e771858ce9ad592e147af050824a37322ed064ccb6d7d8056861f1f2673000000000000000000000000000000000000000000000000000000006b0b1227000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000c0000000000000000000000000000000000000000000000000000000000000012000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff850000000000000000000000000000000000000000000000000000000005f4f6a00000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000004000000000000000000000000000000000000000000000000000000000000001200000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f37000000000000000000000000000000000000000000000000000000000000000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000bda5747bfd65f08deb54cb465eb87d40e51b197e00000000000000000000000000000000000000000000000000000000000186a000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000006b0b203700000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8000000000000000000000000ec0008acc34d3d0caa6758ce788091e473812e28000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000001000000000000000000000000833589fcd6edb6e08f4c7c32d4f71b54bda029130000000000000000000000000000000000000000000000000000000005f5e100",
                 *             "value": "0",
                 *             "gas": 600000,
                 *             "gasEstimated": false
                 *           },
                 *           "intent": {
                 *             "destination": 10,
                 *             "route": {
                 *               "salt": "0x003d3e771858ce9ad592e147af050824a37322ed064ccb6d7d8056861f1f2673",
                 *               "deadline": 1795887655,
                 *               "portal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                 *               "nativeAmount": "0",
                 *               "tokens": [
                 *                 {
                 *                   "token": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *                   "amount": "99940000"
                 *                 }
                 *               ],
                 *               "calls": [
                 *                 {
                 *                   "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *                   "data": "0xa9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f37000",
                 *                   "value": "0"
                 *                 },
                 *                 {
                 *                   "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *                   "data": "0xa9059cbb000000000000000000000000bda5747bfd65f08deb54cb465eb87d40e51b197e00000000000000000000000000000000000000000000000000000000000186a0",
                 *                   "value": "0"
                 *                 }
                 *               ]
                 *             },
                 *             "reward": {
                 *               "deadline": 1795891255,
                 *               "creator": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *               "prover": "0xeC0008acc34d3D0CAa6758Ce788091e473812e28",
                 *               "nativeAmount": "0",
                 *               "tokens": [
                 *                 {
                 *                   "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *                   "amount": "100000000"
                 *                 }
                 *               ]
                 *             }
                 *           },
                 *           "vault": "0x748894128789C341ffA0C102B1963438FF3072Df",
                 *           "approval": {
                 *             "type": "evm",
                 *             "chainId": 8453,
                 *             "from": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *             "to": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *             "data": "0x095ea7b3000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df0000000000000000000000000000000000000000000000000000000005f5e100",
                 *             "value": "0",
                 *             "gas": 100000,
                 *             "gasEstimated": false
                 *           },
                 *           "approvals": [
                 *             {
                 *               "type": "evm",
                 *               "chainId": 8453,
                 *               "from": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *               "to": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *               "data": "0x095ea7b3000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df0000000000000000000000000000000000000000000000000000000005f5e100",
                 *               "value": "0",
                 *               "gas": 100000,
                 *               "gasEstimated": false
                 *             }
                 *           ]
                 *         },
                 *         "checks": null,
                 *         "expiresAt": 1795884055,
                 *         "estimatedFulfillTimeSec": 20,
                 *         "signature": "0x11b3c3ef19f99b7f3573f6b1b7edcb476deb38938cce61441575b02a670fc21511b192be075057e4c73ec66bfa592c8334aed4dfd0b766445a962faca29b65551c",
                 *         "competingQuotes": null
                 *       },
                 *       "permit2": {
                 *         "details": [
                 *           {
                 *             "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *             "amount": "100000000",
                 *             "expiration": 1795887835,
                 *             "nonce": 0
                 *           }
                 *         ],
                 *         "spender": "0x748894128789C341ffA0C102B1963438FF3072Df",
                 *         "sigDeadline": 1795884835
                 *       },
                 *       "signature": "0x1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c1c"
                 *     }
                 */
                "application/json": components["schemas"]["GaslessPermit2Request"];
            };
        };
        responses: {
            /** @description The identical signed payload again: the existing job. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "job:4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "status": "accepted",
                     *       "waitingFor": null,
                     *       "standard": "permit2",
                     *       "quoteId": "4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "intentHash": "0x460af43143550c03f81f4594e07a734e0d223b0a3fe92f1621ae322622c35349",
                     *       "chainId": 8453,
                     *       "transactionHash": null,
                     *       "confirmations": null,
                     *       "final": false,
                     *       "error": null,
                     *       "createdAt": 1795884125,
                     *       "updatedAt": 1795884125
                     *     }
                     */
                    "application/json": components["schemas"]["GaslessJob"];
                };
            };
            /** @description First acceptance: the new job. */
            202: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "job:4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "status": "accepted",
                     *       "waitingFor": null,
                     *       "standard": "permit2",
                     *       "quoteId": "4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "intentHash": "0x460af43143550c03f81f4594e07a734e0d223b0a3fe92f1621ae322622c35349",
                     *       "chainId": 8453,
                     *       "transactionHash": null,
                     *       "confirmations": null,
                     *       "final": false,
                     *       "error": null,
                     *       "createdAt": 1795884125,
                     *       "updatedAt": 1795884125
                     *     }
                     */
                    "application/json": components["schemas"]["GaslessJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidApiKey"];
            403: components["responses"]["GaslessForbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description chain-not-supported: the quote's source chain is not served. funding-would-fail: before accepting, the relayer simulates its transactions against the pending block (eth_call) and they would revert, or the funder's balance is already held by its other relayed fundings; detail names the first reason: the intent is already funded (the Portal's getRewardStatus is not Initial), the funder's token balance is below the amount, the balance less what the funder's other accepted and unsettled relayed fundings on the chain reserve is below the amount (insufficient balance once reserved, naming each reserving job and its amount), the token is not approved to Permit2 or Permit3, the authorization (ERC-3009 nonce, EIP-2612 permit nonce, Permit2 nonce or Permit3 salt) is already used, or the authorization call itself reverts (with its decoded reason). Nothing is sent and no job is created: correct the cause and submit again. */
            422: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["SponsoredSubmitRateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    submitGaslessErc3009: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "quote": {
                 *         "id": "quote:f606e35f-d825-4d16-be19-7a0b71b0eef6",
                 *         "type": "exact-in",
                 *         "source": {
                 *           "chainId": 8453,
                 *           "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *           "amount": "100000000",
                 *           "funder": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *           "refundRecipient": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
                 *         },
                 *         "destination": {
                 *           "chainId": 10,
                 *           "token": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *           "recipient": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                 *           "amountOut": "99840000",
                 *           "minAmountOut": "99840000"
                 *         },
                 *         "slippage": 0,
                 *         "fees": [
                 *           {
                 *             "type": "protocol",
                 *             "amount": "0",
                 *             "token": {
                 *               "chainId": 10,
                 *               "address": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *               "symbol": "USDC",
                 *               "decimals": 6
                 *             },
                 *             "estimate": false,
                 *             "recipient": "0x2546BcD3c84621e976D8185a91A922aE77ECEc30"
                 *           },
                 *           {
                 *             "type": "gateway",
                 *             "amount": "100000",
                 *             "token": {
                 *               "chainId": 10,
                 *               "address": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *               "symbol": "USDC",
                 *               "decimals": 6
                 *             },
                 *             "estimate": false,
                 *             "recipient": "0xbDA5747bFD65F08deb54cb465eB87D40e51B197E"
                 *           },
                 *           {
                 *             "type": "gas",
                 *             "amount": "60000",
                 *             "token": {
                 *               "chainId": 8453,
                 *               "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *               "symbol": "USDC",
                 *               "decimals": 6
                 *             },
                 *             "estimate": false,
                 *             "recipient": null
                 *           },
                 *           {
                 *             "type": "proving",
                 *             "amount": "0",
                 *             "token": {
                 *               "chainId": 8453,
                 *               "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *               "symbol": "USDC",
                 *               "decimals": 6
                 *             },
                 *             "estimate": false,
                 *             "recipient": null
                 *           }
                 *         ],
                 *         "steps": [
                 *           {
                 *             "provider": "atlas",
                 *             "intents": [
                 *               {
                 *                 "role": "direct",
                 *                 "intentHash": "0xf66bcc8a8b5b9cf3e05911fc74f82d6306e51629433cc7903e36d99437c6c822",
                 *                 "sourceChainId": 8453,
                 *                 "destinationChainId": 10,
                 *                 "intent": {
                 *                   "destination": 10,
                 *                   "route": {
                 *                     "salt": "0x003d3e771858ce9ad592e147af050824a37322ed064ccb6d7d8056861f1f2673",
                 *                     "deadline": 1795887655,
                 *                     "portal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                 *                     "nativeAmount": "0",
                 *                     "tokens": [
                 *                       {
                 *                         "token": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *                         "amount": "99940000"
                 *                       }
                 *                     ],
                 *                     "calls": [
                 *                       {
                 *                         "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *                         "data": "0xa9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f37000",
                 *                         "value": "0"
                 *                       },
                 *                       {
                 *                         "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *                         "data": "0xa9059cbb000000000000000000000000bda5747bfd65f08deb54cb465eb87d40e51b197e00000000000000000000000000000000000000000000000000000000000186a0",
                 *                         "value": "0"
                 *                       }
                 *                     ]
                 *                   },
                 *                   "reward": {
                 *                     "deadline": 1795891255,
                 *                     "creator": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *                     "prover": "0xeC0008acc34d3D0CAa6758Ce788091e473812e28",
                 *                     "nativeAmount": "0",
                 *                     "tokens": [
                 *                       {
                 *                         "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *                         "amount": "100000000"
                 *                       }
                 *                     ]
                 *                   }
                 *                 },
                 *                 "encodedRoute": "0x0000000000000000000000000000000000000000000000000000000000000020003d3e771858ce9ad592e147af050824a37322ed064ccb6d7d8056861f1f2673000000000000000000000000000000000000000000000000000000006b0b1227000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000c0000000000000000000000000000000000000000000000000000000000000012000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff850000000000000000000000000000000000000000000000000000000005f4f6a00000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000004000000000000000000000000000000000000000000000000000000000000001200000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f37000000000000000000000000000000000000000000000000000000000000000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000bda5747bfd65f08deb54cb465eb87d40e51b197e00000000000000000000000000000000000000000000000000000000000186a000000000000000000000000000000000000000000000000000000000",
                 *                 "vault": "0x748894128789C341ffA0C102B1963438FF3072Df"
                 *               }
                 *             ]
                 *           }
                 *         ],
                 *         "solver": {
                 *           "id": "atlas",
                 *           "name": "Atlas Liquidity (simulation)"
                 *         },
                 *         "intentHash": "0xf66bcc8a8b5b9cf3e05911fc74f82d6306e51629433cc7903e36d99437c6c822",
                 *         "execution": {
                 *           "transaction": {
                 *             "type": "evm",
                 *             "chainId": 8453,
                 *             "from": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *             "to": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                 *             "data": "0xdf00f8fa000000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000800000000000000000000000000000000000000000000000000000000000000400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000003600000000000000000000000000000000000000000000000000000000000000020003d3e771858ce9ad592e147af050824a37322ed064ccb6d7d8056861f1f2673000000000000000000000000000000000000000000000000000000006b0b1227000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000c0000000000000000000000000000000000000000000000000000000000000012000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff850000000000000000000000000000000000000000000000000000000005f4f6a00000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000004000000000000000000000000000000000000000000000000000000000000001200000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f37000000000000000000000000000000000000000000000000000000000000000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000bda5747bfd65f08deb54cb465eb87d40e51b197e00000000000000000000000000000000000000000000000000000000000186a000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000006b0b203700000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8000000000000000000000000ec0008acc34d3d0caa6758ce788091e473812e28000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000a00000000000000000000000000000000000000000000000000000000000000001000000000000000000000000833589fcd6edb6e08f4c7c32d4f71b54bda029130000000000000000000000000000000000000000000000000000000005f5e100",
                 *             "value": "0",
                 *             "gas": 600000,
                 *             "gasEstimated": false
                 *           },
                 *           "intent": {
                 *             "destination": 10,
                 *             "route": {
                 *               "salt": "0x003d3e771858ce9ad592e147af050824a37322ed064ccb6d7d8056861f1f2673",
                 *               "deadline": 1795887655,
                 *               "portal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                 *               "nativeAmount": "0",
                 *               "tokens": [
                 *                 {
                 *                   "token": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *                   "amount": "99940000"
                 *                 }
                 *               ],
                 *               "calls": [
                 *                 {
                 *                   "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *                   "data": "0xa9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f37000",
                 *                   "value": "0"
                 *                 },
                 *                 {
                 *                   "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *                   "data": "0xa9059cbb000000000000000000000000bda5747bfd65f08deb54cb465eb87d40e51b197e00000000000000000000000000000000000000000000000000000000000186a0",
                 *                   "value": "0"
                 *                 }
                 *               ]
                 *             },
                 *             "reward": {
                 *               "deadline": 1795891255,
                 *               "creator": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *               "prover": "0xeC0008acc34d3D0CAa6758Ce788091e473812e28",
                 *               "nativeAmount": "0",
                 *               "tokens": [
                 *                 {
                 *                   "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *                   "amount": "100000000"
                 *                 }
                 *               ]
                 *             }
                 *           },
                 *           "vault": "0x748894128789C341ffA0C102B1963438FF3072Df",
                 *           "approval": {
                 *             "type": "evm",
                 *             "chainId": 8453,
                 *             "from": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *             "to": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *             "data": "0x095ea7b3000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df0000000000000000000000000000000000000000000000000000000005f5e100",
                 *             "value": "0",
                 *             "gas": 100000,
                 *             "gasEstimated": false
                 *           },
                 *           "approvals": [
                 *             {
                 *               "type": "evm",
                 *               "chainId": 8453,
                 *               "from": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *               "to": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *               "data": "0x095ea7b3000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df0000000000000000000000000000000000000000000000000000000005f5e100",
                 *               "value": "0",
                 *               "gas": 100000,
                 *               "gasEstimated": false
                 *             }
                 *           ]
                 *         },
                 *         "checks": null,
                 *         "expiresAt": 1795884055,
                 *         "estimatedFulfillTimeSec": 20,
                 *         "signature": "0x11b3c3ef19f99b7f3573f6b1b7edcb476deb38938cce61441575b02a670fc21511b192be075057e4c73ec66bfa592c8334aed4dfd0b766445a962faca29b65551c",
                 *         "competingQuotes": null
                 *       },
                 *       "authorization": {
                 *         "from": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *         "to": "0x748894128789C341ffA0C102B1963438FF3072Df",
                 *         "value": "100000000",
                 *         "validAfter": 0,
                 *         "validBefore": 1795887835,
                 *         "nonce": "0x5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e"
                 *       },
                 *       "signature": "0x1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c1c"
                 *     }
                 */
                "application/json": components["schemas"]["GaslessErc3009Request"];
            };
        };
        responses: {
            /** @description The identical signed payload again: the existing job. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "job:4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "status": "accepted",
                     *       "waitingFor": null,
                     *       "standard": "erc3009",
                     *       "quoteId": "4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "intentHash": "0x460af43143550c03f81f4594e07a734e0d223b0a3fe92f1621ae322622c35349",
                     *       "chainId": 8453,
                     *       "transactionHash": null,
                     *       "confirmations": null,
                     *       "final": false,
                     *       "error": null,
                     *       "createdAt": 1795884125,
                     *       "updatedAt": 1795884125
                     *     }
                     */
                    "application/json": components["schemas"]["GaslessJob"];
                };
            };
            /** @description First acceptance: the new job. */
            202: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "job:4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "status": "accepted",
                     *       "waitingFor": null,
                     *       "standard": "erc3009",
                     *       "quoteId": "4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "intentHash": "0x460af43143550c03f81f4594e07a734e0d223b0a3fe92f1621ae322622c35349",
                     *       "chainId": 8453,
                     *       "transactionHash": null,
                     *       "confirmations": null,
                     *       "final": false,
                     *       "error": null,
                     *       "createdAt": 1795884125,
                     *       "updatedAt": 1795884125
                     *     }
                     */
                    "application/json": components["schemas"]["GaslessJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidApiKey"];
            403: components["responses"]["GaslessForbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description chain-not-supported: the quote's source chain is not served. funding-would-fail: before accepting, the relayer simulates its transactions against the pending block (eth_call) and they would revert, or the funder's balance is already held by its other relayed fundings; detail names the first reason: the intent is already funded (the Portal's getRewardStatus is not Initial), the funder's token balance is below the amount, the balance less what the funder's other accepted and unsettled relayed fundings on the chain reserve is below the amount (insufficient balance once reserved, naming each reserving job and its amount), the token is not approved to Permit2 or Permit3, the authorization (ERC-3009 nonce, EIP-2612 permit nonce, Permit2 nonce or Permit3 salt) is already used, or the authorization call itself reverts (with its decoded reason). Nothing is sent and no job is created: correct the cause and submit again. */
            422: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["SponsoredSubmitRateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["ChainUnverified"];
        };
    };
    getGaslessJobOfQuote: {
        parameters: {
            query: {
                /** @description Bare quote UUID. */
                quoteId: components["schemas"]["Uuid"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "job:4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "status": "published",
                     *       "waitingFor": null,
                     *       "standard": "erc3009",
                     *       "quoteId": "4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "intentHash": "0x460af43143550c03f81f4594e07a734e0d223b0a3fe92f1621ae322622c35349",
                     *       "chainId": 8453,
                     *       "transactionHash": "0x7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a",
                     *       "confirmations": 3,
                     *       "final": false,
                     *       "error": null,
                     *       "createdAt": 1795884125,
                     *       "updatedAt": 1795884133
                     *     }
                     */
                    "application/json": components["schemas"]["GaslessJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidApiKey"];
            403: components["responses"]["GaslessForbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    getGaslessJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description job:<the quote UUID>; another spelling is 400 naming jobId. */
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "job:4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "status": "published",
                     *       "waitingFor": null,
                     *       "standard": "erc3009",
                     *       "quoteId": "4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "intentHash": "0x460af43143550c03f81f4594e07a734e0d223b0a3fe92f1621ae322622c35349",
                     *       "chainId": 8453,
                     *       "transactionHash": "0x7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a",
                     *       "confirmations": 3,
                     *       "final": false,
                     *       "error": null,
                     *       "createdAt": 1795884125,
                     *       "updatedAt": 1795884133
                     *     }
                     */
                    "application/json": components["schemas"]["GaslessJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidApiKey"];
            403: components["responses"]["GaslessForbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoints, oldest first. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhooks": [
                     *         {
                     *           "id": "wh:3f1c2a9e-8b7d-4c55-9a21-6d0e4f7b8c19",
                     *           "url": "https://hooks.example.com/stableroutes",
                     *           "events": [
                     *             "intent.status"
                     *           ],
                     *           "description": "payments backend",
                     *           "createdAt": 1764345600
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        webhooks: components["schemas"]["WebhookEndpoint"][];
                    };
                };
            };
            401: components["responses"]["InvalidApiKey"];
            403: components["responses"]["WebhooksForbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/stableroutes",
                 *       "events": [
                 *         "intent.status"
                 *       ],
                 *       "description": "payments backend"
                 *     }
                 */
                "application/json": components["schemas"]["WebhookCreateRequest"];
            };
        };
        responses: {
            /** @description The endpoint and its secret (shown only here). */
            201: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "wh:3f1c2a9e-8b7d-4c55-9a21-6d0e4f7b8c19",
                     *       "url": "https://hooks.example.com/stableroutes",
                     *       "events": [
                     *         "intent.status"
                     *       ],
                     *       "description": "payments backend",
                     *       "createdAt": 1764345600,
                     *       "secret": "whsec_MfKQ9r8GKYqXJgM9lVZ2zF4b7pN0sUeR1tA3cW5dY6h="
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidApiKey"];
            403: components["responses"]["WebhooksForbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description wh:<uuid>. Another key's endpoint is not found (404), like a missing one. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["InvalidApiKey"];
            403: components["responses"]["WebhooksForbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description wh:<uuid>. Another key's endpoint is not found (404), like a missing one. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deliveries. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deliveries": [
                     *         {
                     *           "id": "msg:8c1e3b5a7d9f0e2c4b6a8d0f",
                     *           "eventType": "intent.status",
                     *           "intentHash": "0x460af43143550c03f81f4594e07a734e0d223b0a3fe92f1621ae322622c35349",
                     *           "status": "filled",
                     *           "state": "delivered",
                     *           "attempts": 1,
                     *           "lastStatusCode": 200,
                     *           "nextAttemptAt": null,
                     *           "deliveredAt": 1764345640,
                     *           "cancelReason": null
                     *         },
                     *         {
                     *           "id": "msg:2b4d6f8a0c1e3b5a7d9f0e2c",
                     *           "eventType": "intent.status",
                     *           "intentHash": "0x460af43143550c03f81f4594e07a734e0d223b0a3fe92f1621ae322622c35349",
                     *           "status": "settled",
                     *           "state": "pending",
                     *           "attempts": 2,
                     *           "lastStatusCode": 503,
                     *           "nextAttemptAt": 1764345790,
                     *           "deliveredAt": null,
                     *           "cancelReason": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        deliveries: components["schemas"]["WebhookDelivery"][];
                    };
                };
            };
            401: components["responses"]["InvalidApiKey"];
            403: components["responses"]["WebhooksForbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    createDepositAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The partner's slug: each configured partner has its own gateway (/v1/<slug>-gateway/...); an unconfigured slug has no routes (404 not-found). */
                partner: components["parameters"]["partner"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "source": {
                 *         "chainId": 8453,
                 *         "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *         "amount": "100000000"
                 *       },
                 *       "destination": {
                 *         "chainId": 10,
                 *         "token": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *         "recipient": "0x976EA74026E726554dB657fA54763abd0C3a0aa9"
                 *       },
                 *       "refundRecipient": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
                 *     }
                 */
                "application/json": components["schemas"]["DepositAddressRequest"];
            };
        };
        responses: {
            /** @description The quoted per-intent vault and its deadline. */
            201: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "vaultAddress": "0x74825850aF05e493d150939443d7cC947E4FDC74",
                     *       "intentHash": "0x5487ff9b45cb84717890ff7402ed00d7c5471e8a865e1f1a710efa9f8491d12f",
                     *       "quoteId": "2ccf8210-0c39-46f2-83b0-93aee98f4a3a",
                     *       "deadline": 1795970335,
                     *       "source": {
                     *         "chainId": 8453,
                     *         "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *         "amount": "100000000"
                     *       },
                     *       "destination": {
                     *         "chainId": 10,
                     *         "token": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *         "recipient": "0x976EA74026E726554dB657fA54763abd0C3a0aa9"
                     *       },
                     *       "fees": [
                     *         {
                     *           "type": "protocol",
                     *           "amount": "0",
                     *           "token": {
                     *             "chainId": 10,
                     *             "address": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *             "symbol": "USDC",
                     *             "decimals": 6
                     *           },
                     *           "estimate": false,
                     *           "recipient": "0x2546BcD3c84621e976D8185a91A922aE77ECEc30"
                     *         },
                     *         {
                     *           "type": "gateway",
                     *           "amount": "100000",
                     *           "token": {
                     *             "chainId": 10,
                     *             "address": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *             "symbol": "USDC",
                     *             "decimals": 6
                     *           },
                     *           "estimate": false,
                     *           "recipient": "0xbDA5747bFD65F08deb54cb465eB87D40e51B197E"
                     *         },
                     *         {
                     *           "type": "gas",
                     *           "amount": "60000",
                     *           "token": {
                     *             "chainId": 8453,
                     *             "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *             "symbol": "USDC",
                     *             "decimals": 6
                     *           },
                     *           "estimate": false,
                     *           "recipient": null
                     *         },
                     *         {
                     *           "type": "proving",
                     *           "amount": "0",
                     *           "token": {
                     *             "chainId": 8453,
                     *             "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *             "symbol": "USDC",
                     *             "decimals": 6
                     *           },
                     *           "estimate": false,
                     *           "recipient": null
                     *         }
                     *       ],
                     *       "minAmountOut": "99840000",
                     *       "fundingMethods": [
                     *         "erc-3009",
                     *         "erc-2612",
                     *         "transfer"
                     *       ],
                     *       "intent": {
                     *         "destination": 10,
                     *         "route": {
                     *           "salt": "0xf920c6a51753217531b1eb9f4936cd23f5cae4a607eeb9c892fbe92d797ba376",
                     *           "deadline": 1795973935,
                     *           "portal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                     *           "nativeAmount": "0",
                     *           "tokens": [
                     *             {
                     *               "token": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *               "amount": "99940000"
                     *             }
                     *           ],
                     *           "calls": [
                     *             {
                     *               "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *               "data": "0xa9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f37000",
                     *               "value": "0"
                     *             },
                     *             {
                     *               "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *               "data": "0xa9059cbb000000000000000000000000bda5747bfd65f08deb54cb465eb87d40e51b197e00000000000000000000000000000000000000000000000000000000000186a0",
                     *               "value": "0"
                     *             }
                     *           ]
                     *         },
                     *         "reward": {
                     *           "deadline": 1795977535,
                     *           "creator": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *           "prover": "0xeC0008acc34d3D0CAa6758Ce788091e473812e28",
                     *           "nativeAmount": "0",
                     *           "tokens": [
                     *             {
                     *               "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *               "amount": "100000000"
                     *             }
                     *           ]
                     *         }
                     *       },
                     *       "signature": "0x12dcad30cd97ba4252decefdfb250bca0af7033ad75bd0115e549ac4a6928b551d997700d626d5cefdb989b3aebe7f1fb897bb28731671636518c8a7a8ebe5ba1b"
                     *     }
                     */
                    "application/json": components["schemas"]["DepositAddress"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ChainNotSupported"];
            429: components["responses"]["DepositRateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["SolverError"];
            503: components["responses"]["ChainUnverified"];
        };
    };
    submitDepositErc3009: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The partner's slug: each configured partner has its own gateway (/v1/<slug>-gateway/...); an unconfigured slug has no routes (404 not-found). */
                partner: components["parameters"]["partner"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "vaultAddress": "0x4b51B9F5Ae64c3b58D7BA0967DF0bbb9C09A18Ea",
                 *       "authorization": {
                 *         "from": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *         "to": "0x4b51B9F5Ae64c3b58D7BA0967DF0bbb9C09A18Ea",
                 *         "value": "100000000",
                 *         "validAfter": 0,
                 *         "validBefore": 1795887835,
                 *         "nonce": "0x5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e"
                 *       },
                 *       "signature": "0x1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c1c"
                 *     }
                 */
                "application/json": components["schemas"]["DepositSubmitErc3009"];
            };
        };
        responses: {
            /** @description The same payload again: the existing job. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "job:4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "status": "accepted",
                     *       "waitingFor": null,
                     *       "standard": "erc3009",
                     *       "quoteId": "4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "intentHash": "0x460af43143550c03f81f4594e07a734e0d223b0a3fe92f1621ae322622c35349",
                     *       "chainId": 8453,
                     *       "transactionHash": null,
                     *       "confirmations": null,
                     *       "final": false,
                     *       "error": null,
                     *       "createdAt": 1795884125,
                     *       "updatedAt": 1795884125
                     *     }
                     */
                    "application/json": components["schemas"]["GaslessJob"];
                };
            };
            /** @description Accepted; the job. */
            202: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "job:4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "status": "accepted",
                     *       "waitingFor": null,
                     *       "standard": "erc3009",
                     *       "quoteId": "4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "intentHash": "0x460af43143550c03f81f4594e07a734e0d223b0a3fe92f1621ae322622c35349",
                     *       "chainId": 8453,
                     *       "transactionHash": null,
                     *       "confirmations": null,
                     *       "final": false,
                     *       "error": null,
                     *       "createdAt": 1795884125,
                     *       "updatedAt": 1795884125
                     *     }
                     */
                    "application/json": components["schemas"]["GaslessJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["FundingWouldFail"];
            429: components["responses"]["SponsoredSubmitRateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["ChainUnverified"];
        };
    };
    submitDepositErc2612: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The partner's slug: each configured partner has its own gateway (/v1/<slug>-gateway/...); an unconfigured slug has no routes (404 not-found). */
                partner: components["parameters"]["partner"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "vaultAddress": "0x4b51B9F5Ae64c3b58D7BA0967DF0bbb9C09A18Ea",
                 *       "permit": {
                 *         "owner": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *         "spender": "0x4b51B9F5Ae64c3b58D7BA0967DF0bbb9C09A18Ea",
                 *         "value": "100000000",
                 *         "nonce": "0",
                 *         "deadline": 1795887835
                 *       },
                 *       "signature": "0x1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c1c"
                 *     }
                 */
                "application/json": components["schemas"]["DepositSubmitErc2612"];
            };
        };
        responses: {
            /** @description The same payload again: the existing job. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "job:4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "status": "accepted",
                     *       "waitingFor": null,
                     *       "standard": "erc2612",
                     *       "quoteId": "4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "intentHash": "0x460af43143550c03f81f4594e07a734e0d223b0a3fe92f1621ae322622c35349",
                     *       "chainId": 8453,
                     *       "transactionHash": null,
                     *       "confirmations": null,
                     *       "final": false,
                     *       "error": null,
                     *       "createdAt": 1795884125,
                     *       "updatedAt": 1795884125
                     *     }
                     */
                    "application/json": components["schemas"]["GaslessJob"];
                };
            };
            /** @description Accepted; the job. */
            202: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "job:4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "status": "accepted",
                     *       "waitingFor": null,
                     *       "standard": "erc2612",
                     *       "quoteId": "4603d34a-cb5a-457d-b7af-8f5ea69a2983",
                     *       "intentHash": "0x460af43143550c03f81f4594e07a734e0d223b0a3fe92f1621ae322622c35349",
                     *       "chainId": 8453,
                     *       "transactionHash": null,
                     *       "confirmations": null,
                     *       "final": false,
                     *       "error": null,
                     *       "createdAt": 1795884125,
                     *       "updatedAt": 1795884125
                     *     }
                     */
                    "application/json": components["schemas"]["GaslessJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["FundingWouldFail"];
            429: components["responses"]["SponsoredSubmitRateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    getDepositAddressStatus: {
        parameters: {
            query: {
                /** @description The deposit address. */
                vaultAddress: components["schemas"]["EvmAddress"];
            };
            header?: never;
            path: {
                /** @description The partner's slug: each configured partner has its own gateway (/v1/<slug>-gateway/...); an unconfigured slug has no routes (404 not-found). */
                partner: components["parameters"]["partner"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Status. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "vaultAddress": "0x4b51B9F5Ae64c3b58D7BA0967DF0bbb9C09A18Ea",
                     *       "status": "funding-submitted",
                     *       "deadline": 1795970515,
                     *       "intentHash": "0x460af43143550c03f81f4594e07a734e0d223b0a3fe92f1621ae322622c35349",
                     *       "transactions": {
                     *         "published": null,
                     *         "funded": null,
                     *         "fulfilled": null,
                     *         "proven": null,
                     *         "withdrawn": null,
                     *         "refunded": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DepositStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    getDepositAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The partner's slug: each configured partner has its own gateway (/v1/<slug>-gateway/...); an unconfigured slug has no routes (404 not-found). */
                partner: components["parameters"]["partner"];
                /** @description The deposit (vault) address. */
                vaultAddress: components["schemas"]["EvmAddress"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "x-schema-version": components["headers"]["x-schema-version"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "vaultAddress": "0x74825850aF05e493d150939443d7cC947E4FDC74",
                     *       "intentHash": "0x5487ff9b45cb84717890ff7402ed00d7c5471e8a865e1f1a710efa9f8491d12f",
                     *       "quoteId": "2ccf8210-0c39-46f2-83b0-93aee98f4a3a",
                     *       "deadline": 1795970335,
                     *       "source": {
                     *         "chainId": 8453,
                     *         "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *         "amount": "100000000"
                     *       },
                     *       "destination": {
                     *         "chainId": 10,
                     *         "token": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *         "recipient": "0x976EA74026E726554dB657fA54763abd0C3a0aa9"
                     *       },
                     *       "fees": [
                     *         {
                     *           "type": "protocol",
                     *           "amount": "0",
                     *           "token": {
                     *             "chainId": 10,
                     *             "address": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *             "symbol": "USDC",
                     *             "decimals": 6
                     *           },
                     *           "estimate": false,
                     *           "recipient": "0x2546BcD3c84621e976D8185a91A922aE77ECEc30"
                     *         },
                     *         {
                     *           "type": "gateway",
                     *           "amount": "100000",
                     *           "token": {
                     *             "chainId": 10,
                     *             "address": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *             "symbol": "USDC",
                     *             "decimals": 6
                     *           },
                     *           "estimate": false,
                     *           "recipient": "0xbDA5747bFD65F08deb54cb465eB87D40e51B197E"
                     *         },
                     *         {
                     *           "type": "gas",
                     *           "amount": "60000",
                     *           "token": {
                     *             "chainId": 8453,
                     *             "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *             "symbol": "USDC",
                     *             "decimals": 6
                     *           },
                     *           "estimate": false,
                     *           "recipient": null
                     *         },
                     *         {
                     *           "type": "proving",
                     *           "amount": "0",
                     *           "token": {
                     *             "chainId": 8453,
                     *             "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *             "symbol": "USDC",
                     *             "decimals": 6
                     *           },
                     *           "estimate": false,
                     *           "recipient": null
                     *         }
                     *       ],
                     *       "minAmountOut": "99840000",
                     *       "fundingMethods": [
                     *         "erc-3009",
                     *         "erc-2612",
                     *         "transfer"
                     *       ],
                     *       "intent": {
                     *         "destination": 10,
                     *         "route": {
                     *           "salt": "0xf920c6a51753217531b1eb9f4936cd23f5cae4a607eeb9c892fbe92d797ba376",
                     *           "deadline": 1795973935,
                     *           "portal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                     *           "nativeAmount": "0",
                     *           "tokens": [
                     *             {
                     *               "token": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *               "amount": "99940000"
                     *             }
                     *           ],
                     *           "calls": [
                     *             {
                     *               "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *               "data": "0xa9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f37000",
                     *               "value": "0"
                     *             },
                     *             {
                     *               "target": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *               "data": "0xa9059cbb000000000000000000000000bda5747bfd65f08deb54cb465eb87d40e51b197e00000000000000000000000000000000000000000000000000000000000186a0",
                     *               "value": "0"
                     *             }
                     *           ]
                     *         },
                     *         "reward": {
                     *           "deadline": 1795977535,
                     *           "creator": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *           "prover": "0xeC0008acc34d3D0CAa6758Ce788091e473812e28",
                     *           "nativeAmount": "0",
                     *           "tokens": [
                     *             {
                     *               "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *               "amount": "100000000"
                     *             }
                     *           ]
                     *         }
                     *       },
                     *       "signature": "0x12dcad30cd97ba4252decefdfb250bca0af7033ad75bd0115e549ac4a6928b551d997700d626d5cefdb989b3aebe7f1fb897bb28731671636518c8a7a8ebe5ba1b",
                     *       "status": "awaiting-funding",
                     *       "job": null,
                     *       "intentStatus": null,
                     *       "attempts": []
                     *     }
                     */
                    "application/json": components["schemas"]["DepositAddressRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    legacyQuoteExactOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "dAppID": "my-wallet",
                 *       "intentExecutionTypes": [
                 *         "SELF_PUBLISH"
                 *       ],
                 *       "quoteRequest": {
                 *         "sourceChainID": 8453,
                 *         "destinationChainID": 10,
                 *         "sourceToken": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *         "destinationToken": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *         "sourceAmount": "100000000",
                 *         "funder": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *         "recipient": "0x976EA74026E726554dB657fA54763abd0C3a0aa9"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["LegacyQuoteRequest"];
            };
        };
        responses: {
            /** @description One entry per solver. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "quoteID": "quote:b292804f-b337-4401-a787-3ec7cafb876b",
                     *           "solverID": "atlas",
                     *           "receiveSignedIntentUrl": "https://api.stableroutes.example/v1/gasless/permit3",
                     *           "quoteData": {
                     *             "quoteResponse": {
                     *               "intentExecutionType": "SELF_PUBLISH",
                     *               "sourceChainID": 8453,
                     *               "destinationChainID": 10,
                     *               "sourceToken": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *               "destinationToken": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *               "sourceAmount": "100060025",
                     *               "destinationAmount": "100000000",
                     *               "funder": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *               "refundRecipient": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *               "recipient": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                     *               "fees": [
                     *                 {
                     *                   "name": "protocol",
                     *                   "description": "protocol fee, in the source token; binding",
                     *                   "token": {
                     *                     "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                     "decimals": 6,
                     *                     "symbol": "USDC"
                     *                   },
                     *                   "amount": "0"
                     *                 },
                     *                 {
                     *                   "name": "gas",
                     *                   "description": "gas fee, in the source token; binding",
                     *                   "token": {
                     *                     "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                     "decimals": 6,
                     *                     "symbol": "USDC"
                     *                   },
                     *                   "amount": "60025"
                     *                 },
                     *                 {
                     *                   "name": "proving",
                     *                   "description": "proving fee, in the source token; binding",
                     *                   "token": {
                     *                     "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                     "decimals": 6,
                     *                     "symbol": "USDC"
                     *                   },
                     *                   "amount": "0"
                     *                 }
                     *               ],
                     *               "deadline": 1795891436,
                     *               "estimatedFulfillTimeSec": 20,
                     *               "encodedRoute": "0x0000000000000000000000000000000000000000000000000000000000000020f90578c4dde481d587048ad19a2c010694cdd0f1ab8a499855f676a6a8a192cb000000000000000000000000000000000000000000000000000000006b0b12dc000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000c0000000000000000000000000000000000000000000000000000000000000012000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff850000000000000000000000000000000000000000000000000000000005f5e100000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000200000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f5e10000000000000000000000000000000000000000000000000000000000"
                     *             },
                     *             "contracts": {
                     *               "sourcePortal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                     *               "destinationPortal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                     *               "prover": "0xeC0008acc34d3D0CAa6758Ce788091e473812e28"
                     *             }
                     *           }
                     *         },
                     *         {
                     *           "quoteID": "quote:a3c4f28c-cd6f-4dbc-8601-8ac4bd0cd362",
                     *           "solverID": "meridian",
                     *           "receiveSignedIntentUrl": "https://api.stableroutes.example/v1/gasless/permit3",
                     *           "quoteData": {
                     *             "quoteResponse": {
                     *               "intentExecutionType": "SELF_PUBLISH",
                     *               "sourceChainID": 8453,
                     *               "destinationChainID": 10,
                     *               "sourceToken": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *               "destinationToken": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *               "sourceAmount": "100070043",
                     *               "destinationAmount": "100000000",
                     *               "funder": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *               "refundRecipient": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *               "recipient": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                     *               "fees": [
                     *                 {
                     *                   "name": "protocol",
                     *                   "description": "protocol fee, in the source token; binding",
                     *                   "token": {
                     *                     "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                     "decimals": 6,
                     *                     "symbol": "USDC"
                     *                   },
                     *                   "amount": "0"
                     *                 },
                     *                 {
                     *                   "name": "gas",
                     *                   "description": "gas fee, in the source token; binding",
                     *                   "token": {
                     *                     "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                     "decimals": 6,
                     *                     "symbol": "USDC"
                     *                   },
                     *                   "amount": "70043"
                     *                 },
                     *                 {
                     *                   "name": "proving",
                     *                   "description": "proving fee, in the source token; binding",
                     *                   "token": {
                     *                     "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                     "decimals": 6,
                     *                     "symbol": "USDC"
                     *                   },
                     *                   "amount": "0"
                     *                 }
                     *               ],
                     *               "deadline": 1795891436,
                     *               "estimatedFulfillTimeSec": 45,
                     *               "encodedRoute": "0x0000000000000000000000000000000000000000000000000000000000000020402997b7bd73d30fd59f83014d3b37d15d89fab79180f9b4d6977745f7a6de9a000000000000000000000000000000000000000000000000000000006b0b12dc000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000c0000000000000000000000000000000000000000000000000000000000000012000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff850000000000000000000000000000000000000000000000000000000005f5e100000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000200000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f5e10000000000000000000000000000000000000000000000000000000000"
                     *             },
                     *             "contracts": {
                     *               "sourcePortal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                     *               "destinationPortal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                     *               "prover": "0xeC0008acc34d3D0CAa6758Ce788091e473812e28"
                     *             }
                     *           }
                     *         },
                     *         {
                     *           "quoteID": "quote:28e33294-eec4-484c-9b84-99ca39c09dfb",
                     *           "solverID": "harbor",
                     *           "receiveSignedIntentUrl": "https://api.stableroutes.example/v1/gasless/permit3",
                     *           "quoteData": {
                     *             "quoteResponse": {
                     *               "intentExecutionType": "SELF_PUBLISH",
                     *               "sourceChainID": 8453,
                     *               "destinationChainID": 10,
                     *               "sourceToken": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *               "destinationToken": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *               "sourceAmount": "100280085",
                     *               "destinationAmount": "100000000",
                     *               "funder": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *               "refundRecipient": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *               "recipient": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                     *               "fees": [
                     *                 {
                     *                   "name": "protocol",
                     *                   "description": "protocol fee, in the source token; binding",
                     *                   "token": {
                     *                     "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                     "decimals": 6,
                     *                     "symbol": "USDC"
                     *                   },
                     *                   "amount": "0"
                     *                 },
                     *                 {
                     *                   "name": "gas",
                     *                   "description": "gas fee, in the source token; binding",
                     *                   "token": {
                     *                     "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                     "decimals": 6,
                     *                     "symbol": "USDC"
                     *                   },
                     *                   "amount": "280085"
                     *                 },
                     *                 {
                     *                   "name": "proving",
                     *                   "description": "proving fee, in the source token; binding",
                     *                   "token": {
                     *                     "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                     "decimals": 6,
                     *                     "symbol": "USDC"
                     *                   },
                     *                   "amount": "0"
                     *                 }
                     *               ],
                     *               "deadline": 1795891436,
                     *               "estimatedFulfillTimeSec": 120,
                     *               "encodedRoute": "0x0000000000000000000000000000000000000000000000000000000000000020d8dcb0521ac983b93297258be257862e97ac3ac0e9ac4b5494b744bbdd26ebb7000000000000000000000000000000000000000000000000000000006b0b12dc000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000c0000000000000000000000000000000000000000000000000000000000000012000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff850000000000000000000000000000000000000000000000000000000005f5e100000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000200000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005f5e10000000000000000000000000000000000000000000000000000000000"
                     *             },
                     *             "contracts": {
                     *               "sourcePortal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                     *               "destinationPortal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                     *               "prover": "0xeC0008acc34d3D0CAa6758Ce788091e473812e28"
                     *             }
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["LegacyQuoteResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ChainNotSupported"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["SolverError"];
        };
    };
    legacyQuoteExactIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "dAppID": "my-wallet",
                 *       "intentExecutionTypes": [
                 *         "SELF_PUBLISH"
                 *       ],
                 *       "quoteRequest": {
                 *         "sourceChainID": 8453,
                 *         "destinationChainID": 10,
                 *         "sourceToken": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *         "destinationToken": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                 *         "sourceAmount": "100000000",
                 *         "funder": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                 *         "recipient": "0x976EA74026E726554dB657fA54763abd0C3a0aa9"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["LegacyQuoteRequest"];
            };
        };
        responses: {
            /** @description One entry per solver. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "quoteID": "quote:5cb48aae-d370-46fd-821e-33d913460c2e",
                     *           "solverID": "atlas",
                     *           "receiveSignedIntentUrl": "https://api.stableroutes.example/v1/gasless/permit3",
                     *           "quoteData": {
                     *             "quoteResponse": {
                     *               "intentExecutionType": "SELF_PUBLISH",
                     *               "sourceChainID": 8453,
                     *               "destinationChainID": 10,
                     *               "sourceToken": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *               "destinationToken": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *               "sourceAmount": "100000000",
                     *               "destinationAmount": "99440300",
                     *               "funder": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *               "refundRecipient": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *               "recipient": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                     *               "fees": [
                     *                 {
                     *                   "name": "protocol",
                     *                   "description": "protocol fee, in the source token; binding",
                     *                   "token": {
                     *                     "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                     "decimals": 6,
                     *                     "symbol": "USDC"
                     *                   },
                     *                   "amount": "0"
                     *                 },
                     *                 {
                     *                   "name": "gas",
                     *                   "description": "gas fee, in the source token; binding",
                     *                   "token": {
                     *                     "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                     "decimals": 6,
                     *                     "symbol": "USDC"
                     *                   },
                     *                   "amount": "60000"
                     *                 },
                     *                 {
                     *                   "name": "proving",
                     *                   "description": "proving fee, in the source token; binding",
                     *                   "token": {
                     *                     "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                     "decimals": 6,
                     *                     "symbol": "USDC"
                     *                   },
                     *                   "amount": "0"
                     *                 }
                     *               ],
                     *               "deadline": 1795891436,
                     *               "estimatedFulfillTimeSec": 20,
                     *               "encodedRoute": "0x0000000000000000000000000000000000000000000000000000000000000020225fdc953627f6ef3b5a4ab193f4950dbe26454cd0a227ed95df0e841da73599000000000000000000000000000000000000000000000000000000006b0b12dc000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000c0000000000000000000000000000000000000000000000000000000000000012000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff850000000000000000000000000000000000000000000000000000000005ed56ac000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000200000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005ed56ac00000000000000000000000000000000000000000000000000000000"
                     *             },
                     *             "contracts": {
                     *               "sourcePortal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                     *               "destinationPortal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                     *               "prover": "0xeC0008acc34d3D0CAa6758Ce788091e473812e28"
                     *             }
                     *           }
                     *         },
                     *         {
                     *           "quoteID": "quote:68cc6697-f982-4fa6-bcac-c31740bd64b2",
                     *           "solverID": "meridian",
                     *           "receiveSignedIntentUrl": "https://api.stableroutes.example/v1/gasless/permit3",
                     *           "quoteData": {
                     *             "quoteResponse": {
                     *               "intentExecutionType": "SELF_PUBLISH",
                     *               "sourceChainID": 8453,
                     *               "destinationChainID": 10,
                     *               "sourceToken": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *               "destinationToken": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *               "sourceAmount": "100000000",
                     *               "destinationAmount": "99430350",
                     *               "funder": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *               "refundRecipient": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *               "recipient": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                     *               "fees": [
                     *                 {
                     *                   "name": "protocol",
                     *                   "description": "protocol fee, in the source token; binding",
                     *                   "token": {
                     *                     "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                     "decimals": 6,
                     *                     "symbol": "USDC"
                     *                   },
                     *                   "amount": "0"
                     *                 },
                     *                 {
                     *                   "name": "gas",
                     *                   "description": "gas fee, in the source token; binding",
                     *                   "token": {
                     *                     "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                     "decimals": 6,
                     *                     "symbol": "USDC"
                     *                   },
                     *                   "amount": "70000"
                     *                 },
                     *                 {
                     *                   "name": "proving",
                     *                   "description": "proving fee, in the source token; binding",
                     *                   "token": {
                     *                     "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                     "decimals": 6,
                     *                     "symbol": "USDC"
                     *                   },
                     *                   "amount": "0"
                     *                 }
                     *               ],
                     *               "deadline": 1795891436,
                     *               "estimatedFulfillTimeSec": 45,
                     *               "encodedRoute": "0x000000000000000000000000000000000000000000000000000000000000002021abb8eab99d7a3db3714b40314d094a8ea7994d6926bbc2efc09bfa6ca116b0000000000000000000000000000000000000000000000000000000006b0b12dc000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000c0000000000000000000000000000000000000000000000000000000000000012000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff850000000000000000000000000000000000000000000000000000000005ed2fce000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000200000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005ed2fce00000000000000000000000000000000000000000000000000000000"
                     *             },
                     *             "contracts": {
                     *               "sourcePortal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                     *               "destinationPortal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                     *               "prover": "0xeC0008acc34d3D0CAa6758Ce788091e473812e28"
                     *             }
                     *           }
                     *         },
                     *         {
                     *           "quoteID": "quote:e050badd-dabc-4297-bb4f-4424909897e4",
                     *           "solverID": "harbor",
                     *           "receiveSignedIntentUrl": "https://api.stableroutes.example/v1/gasless/permit3",
                     *           "quoteData": {
                     *             "quoteResponse": {
                     *               "intentExecutionType": "SELF_PUBLISH",
                     *               "sourceChainID": 8453,
                     *               "destinationChainID": 10,
                     *               "sourceToken": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *               "destinationToken": "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
                     *               "sourceAmount": "100000000",
                     *               "destinationAmount": "99221400",
                     *               "funder": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *               "refundRecipient": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
                     *               "recipient": "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
                     *               "fees": [
                     *                 {
                     *                   "name": "protocol",
                     *                   "description": "protocol fee, in the source token; binding",
                     *                   "token": {
                     *                     "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                     "decimals": 6,
                     *                     "symbol": "USDC"
                     *                   },
                     *                   "amount": "0"
                     *                 },
                     *                 {
                     *                   "name": "gas",
                     *                   "description": "gas fee, in the source token; binding",
                     *                   "token": {
                     *                     "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                     "decimals": 6,
                     *                     "symbol": "USDC"
                     *                   },
                     *                   "amount": "280000"
                     *                 },
                     *                 {
                     *                   "name": "proving",
                     *                   "description": "proving fee, in the source token; binding",
                     *                   "token": {
                     *                     "address": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *                     "decimals": 6,
                     *                     "symbol": "USDC"
                     *                   },
                     *                   "amount": "0"
                     *                 }
                     *               ],
                     *               "deadline": 1795891436,
                     *               "estimatedFulfillTimeSec": 120,
                     *               "encodedRoute": "0x00000000000000000000000000000000000000000000000000000000000000206efd3be79d5be0d54647abbbff29b0ae5a97abe88e5c5fd4d37278fa007f16f7000000000000000000000000000000000000000000000000000000006b0b12dc000000000000000000000000ec000064576f9c95a8623bc0eff3db6d296ea6df000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000c0000000000000000000000000000000000000000000000000000000000000012000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff850000000000000000000000000000000000000000000000000000000005e9ff98000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000200000000000000000000000000b2c639c533813f4aa9d7837caf62653d097ff85000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000976ea74026e726554db657fa54763abd0c3a0aa90000000000000000000000000000000000000000000000000000000005e9ff9800000000000000000000000000000000000000000000000000000000"
                     *             },
                     *             "contracts": {
                     *               "sourcePortal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                     *               "destinationPortal": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                     *               "prover": "0xeC0008acc34d3D0CAa6758Ce788091e473812e28"
                     *             }
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["LegacyQuoteResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ChainNotSupported"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["SolverError"];
        };
    };
    legacyIntentStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "intentHash": "0x460af43143550c03f81f4594e07a734e0d223b0a3fe92f1621ae322622c35349"
                 *     }
                 */
                "application/json": components["schemas"]["LegacyIntentStatusRequest"];
            };
        };
        responses: {
            /** @description Status envelope. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "intentHash": "0x460af43143550c03f81f4594e07a734e0d223b0a3fe92f1621ae322622c35349",
                     *         "status": {
                     *           "status": "Completed",
                     *           "subStatus": "Fulfilled",
                     *           "subStatusMessage": "The intent was fulfilled on the destination chain"
                     *         },
                     *         "intentCreated": {
                     *           "chainId": 8453,
                     *           "transactionHash": "0x7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a",
                     *           "blockExplorerUrl": "https://basescan.org/tx/0x7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a"
                     *         },
                     *         "fulfillment": {
                     *           "chainId": 10,
                     *           "transactionHash": "0x9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d",
                     *           "blockExplorerUrl": "https://optimistic.etherscan.io/tx/0x9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d9d"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["LegacyIntentStatusResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    pushChainEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chainId": 8453,
                 *       "logs": [
                 *         {
                 *           "address": "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df",
                 *           "topics": [
                 *             "0xa1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1",
                 *             "0x460af43143550c03f81f4594e07a734e0d223b0a3fe92f1621ae322622c35349"
                 *           ],
                 *           "data": "0x",
                 *           "blockNumber": "0x1a2b3c4",
                 *           "transactionHash": "0x7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a",
                 *           "logIndex": "0x7"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ChainEvents"];
            };
        };
        responses: {
            /** @description Logs applied. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "applied": 0,
                     *       "updated": 0,
                     *       "ignored": [
                     *         {
                     *           "index": 0,
                     *           "reason": "not an intent event of the Portal"
                     *         }
                     *       ],
                     *       "unregistered": 0
                     *     }
                     */
                    "application/json": components["schemas"]["ChainEventsResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description Missing or wrong bearer token. */
            401: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["ChainNotSupported"];
            500: components["responses"]["Internal"];
        };
    };
    getOperatorStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The status. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "generatedAt": 1764345600,
                     *       "healthy": false,
                     *       "chains": [
                     *         {
                     *           "chainId": 8453,
                     *           "name": "Base",
                     *           "reader": {
                     *             "head": 23000120,
                     *             "cursor": 23000100,
                     *             "lagBlocks": 20,
                     *             "finalized": 23000060,
                     *             "polledAt": 1764345590,
                     *             "lastError": null
                     *           },
                     *           "providers": [
                     *             {
                     *               "origin": "https://base-mainnet.example",
                     *               "healthy": true,
                     *               "coolingDownForMs": 0,
                     *               "failures": 0
                     *             },
                     *             {
                     *               "origin": "https://base-backup.example",
                     *               "healthy": false,
                     *               "coolingDownForMs": 4000,
                     *               "failures": 3
                     *             }
                     *           ],
                     *           "relayers": [
                     *             {
                     *               "address": "0x71bE63f3384f5fb98995898A86B02Fb2426c5788",
                     *               "balanceWei": "4000000000000000",
                     *               "floorWei": "5000000000000000",
                     *               "belowFloor": true,
                     *               "openJobs": 1,
                     *               "balanceError": null
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "alerts": [
                     *         "chain 8453 (Base): relayer account 0x71bE63f3384f5fb98995898A86B02Fb2426c5788 holds 4000000000000000 wei on chain 8453 (Base), below its floor of 5000000000000000 wei (relay.minRelayerBalanceWei): it takes no new job until it is funded"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["OperatorStatus"];
                };
            };
            /** @description Missing or wrong bearer token. */
            401: {
                headers: {
                    "x-request-id": components["headers"]["x-request-id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            500: components["responses"]["Internal"];
        };
    };
    intentStatusWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description msg:<hex>; the same on every attempt of one delivery. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of webhook-id.webhook-timestamp.body>, keyed with the secret's bytes (base64 after whsec_). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookPayload"];
            };
        };
        responses: {
            /** @description Received: answer within 10 s, then process (the same webhook-id may arrive again). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else, a redirect or no answer within 10 s: retried on the schedule above. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
