// Generated from the core's op document (src/service/ops.json) by edge-worker/scripts/core-ops-types.mjs
// with openapi-typescript. Do not edit: change the document and run `npm run types --workspace edge-worker`.

export type paths = Record<string, never>;
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        BlockNumber: number;
        /** @description A JSON-RPC quantity, 0x-hex. */
        HexQuantity: string;
        /** @description At least 32 random bytes, hex. */
        RandomHex: string;
        /** @description The body of a non-2xx answer (RFC 9457): the API's Problem without requestId, which the worker adds. */
        Problem: {
            /** @description urn:stableroutes:problem:<code> */
            type: string;
            title: string;
            status: number;
            /** @enum {string} */
            code: "invalid-request" | "invalid-api-key" | "partner-not-mapped" | "feature-not-enabled" | "not-found" | "conflict" | "payload-too-large" | "unsupported-media-type" | "chain-not-supported" | "funding-would-fail" | "rate-limited" | "deposit-quota-exceeded" | "sponsorship-exhausted" | "internal" | "solver-error" | "chain-unverified";
            detail: string;
            /** @description The fields to correct; empty when the problem is not about fields. */
            errors: {
                field: string;
                message: string;
            }[];
        };
        /** @description The worker's API key record (keys.json). The core reads partner, feeSchedule (else the partner's) and features; other members are the worker's. */
        KeyRecord: {
            id?: string;
            partner?: string | null;
            feeSchedule?: {
                protocolBps: number;
                gatewayBps: number;
            };
            /** @description What the key may use; none when absent. */
            features?: ("quotes" | "all-quotes" | "gasless")[];
        };
        /** @description Where one event of an intent was observed. */
        TransactionObservation: {
            chainId: components["schemas"]["ChainId"];
            transactionHash: components["schemas"]["Hash32"];
            blockNumber: components["schemas"]["BlockNumber"];
            logIndex: number;
            /** @description The block the event was read in (absent in records from before reorganisations were tracked): a re-read range whose block at that height differs removes or moves it. */
            blockHash?: components["schemas"]["Hash32"];
        };
        /** @description An intent record as the worker stores it (sharded by intent hash) and the core reads it strictly; opaque to the worker. */
        IntentRecord: {
            intentHash: components["schemas"]["Hash32"];
            sourceChainId: components["schemas"]["ChainId"] | null;
            destinationChainId: components["schemas"]["ChainId"] | null;
            routeDeadline: components["schemas"]["UnixSeconds"] | null;
            rewardDeadline: components["schemas"]["UnixSeconds"] | null;
            role: string | null;
            quoteId: string | null;
            fundedComplete: boolean;
            updatedAt: components["schemas"]["UnixSeconds"];
            transactions: {
                published: components["schemas"]["TransactionObservation"] | null;
                funded: components["schemas"]["TransactionObservation"] | null;
                fulfilled: components["schemas"]["TransactionObservation"] | null;
                proven: components["schemas"]["TransactionObservation"] | null;
                withdrawn: components["schemas"]["TransactionObservation"] | null;
                refunded: components["schemas"]["TransactionObservation"] | null;
            };
            proofSent?: components["schemas"]["TransactionObservation"] | null;
            routeHash?: components["schemas"]["Hash32"] | null;
            reward?: components["schemas"]["Reward"] | null;
        };
        /** @description Intent hash -> the stored record, or null for "the caller has none". */
        RecordMap: {
            [key: string]: components["schemas"]["IntentRecord"] | null;
        };
        /** @description The records the op needs and the caller did not pass: ask again with them (null when none is stored). */
        Missing: {
            missing: components["schemas"]["Hash32"][];
        };
        /** @description The records to store for every intent of a quote (top level and steps), merged into existing ones, its bare quote id and the delivery intent's hash: the top-level intentHash, or the stitched-destination intent of a multi-hop quote (status lookups by quoteId report it). */
        Registration: {
            records: {
                [key: string]: components["schemas"]["IntentRecord"];
            };
            quoteId: string;
            deliveryIntentHash: components["schemas"]["Hash32"] | null;
        };
        /** @description A log as eth_getLogs answers it. */
        EthLog: {
            address: components["schemas"]["EvmAddress"];
            topics: components["schemas"]["Hash32"][];
            data: components["schemas"]["HexBytes"];
            blockNumber: components["schemas"]["HexQuantity"];
            transactionHash: components["schemas"]["Hash32"];
            logIndex: components["schemas"]["HexQuantity"];
            blockHash?: components["schemas"]["Hash32"];
            transactionIndex?: components["schemas"]["HexQuantity"];
            removed?: boolean;
            blockTimestamp?: components["schemas"]["HexQuantity"];
        };
        IgnoredLog: {
            index: number;
            reason: string;
        };
        /** @description An ERC-20 Transfer into a deposit vault, as stored. */
        Transfer: {
            transactionHash: components["schemas"]["Hash32"];
            blockNumber: components["schemas"]["BlockNumber"];
            logIndex: number;
            token: components["schemas"]["EvmAddress"];
            from: components["schemas"]["EvmAddress"];
            value: components["schemas"]["Amount"];
        };
        WatchedDeposit: {
            vault: components["schemas"]["EvmAddress"];
            token: components["schemas"]["EvmAddress"];
            /** @description The lowest block of an unconfirmed transfer the vault's object holds (routeDepositTransfers: a range reaching it is due to the vault). */
            recheckFrom?: number | null;
        };
        /** @description A deposit address as depositCreate answered it and the worker keeps it. */
        StoredDeposit: {
            record: components["schemas"]["DepositAddress"];
            intent: components["schemas"]["Intent"];
        };
        /** @description What the relayer sends: a verified funding, or a refund it sends itself. */
        RelayPlan: components["schemas"]["FundingPlan"] | components["schemas"]["RefundPlan"];
        /** @description A verified funding submit: the job's idempotency key, the relay plan and the job it creates. */
        FundingVerified: {
            jobKey: components["schemas"]["Hash32"];
            /** @enum {string} */
            standard: "permit3" | "permit2" | "erc3009" | "erc2612" | "transfer";
            quoteId: string;
            intentHash: components["schemas"]["Hash32"];
            chainId: components["schemas"]["ChainId"];
            funder: components["schemas"]["EvmAddress"];
            vault: components["schemas"]["EvmAddress"];
            plan: components["schemas"]["RelayPlan"];
            job: components["schemas"]["GaslessJob"];
        };
        /** @description What to POST to each remote solver that serves the pair directly, in configured order. */
        SolverRequests: {
            requests: {
                solverId: string;
                url: string;
                timeoutMs: number;
                /** @description The JSON body to POST (docs/solver-protocol.md). */
                body: Record<string, never>;
            }[];
            /** @description The read-only calls (eth_call, all at one block, in one JSON-RPC batch) that tell the funder's allowance for the source Portal and balance of the source token, on an EVM source chain; null for an SVM source. The worker makes them on a chain it reads and passes the answers to op quote as funderReads. */
            funderReads: {
                chainId: components["schemas"]["ChainId"];
                /** @description A kept head to read at without asking the node (hex quantity); absent: read at the node's head, asked first. */
                blockNumber?: string;
                calls: {
                    /** @enum {unknown} */
                    id: "allowance" | "balance";
                    to: components["schemas"]["EvmAddress"];
                    data: components["schemas"]["HexBytes"];
                }[];
            } | null;
        };
        /** @description The remote solvers' answers as received, each {"solverId", "answer"} (or the answer's members beside solverId); malformed ones only drop that solver. */
        SolverAnswers: Record<string, never>[];
        /** @description Each chain's latest block time the poller saw, by chain id. Deadlines are judged by chain clocks (a refund opens by the source chain's block time) and a local chain's clock can run ahead of the worker's, so each chain's clock is max(now, its chain time). */
        ChainTimes: {
            [key: string]: components["schemas"]["UnixSeconds"];
        };
        /** @description The URL host's resolved IP addresses (the worker resolves names). */
        WebhookTargetAddresses: string[];
        /** @description What the chain readers last saw of each chain, keyed by decimal chain id: how final each recorded transaction is follows from it. */
        ChainHeads: {
            [key: string]: {
                head: components["schemas"]["BlockNumber"];
                /** @description The node's finalized block, or null where it serves no such tag. */
                finalized: components["schemas"]["BlockNumber"] | null;
                /** @description The reader's confirmation depth (the window it re-reads). */
                depth: number;
                /** @description The reader's cursor: the last block it processed. */
                read?: components["schemas"]["BlockNumber"] | null;
            };
        };
        UnfundedCount: {
            /** @description The open, unfunded addresses counted, this one included. */
            open: number;
            /** @description The deployment's cap, or null for the default. */
            cap?: number | null;
            /** @description The earliest deadline among the addresses counted, or null. */
            freesAt?: components["schemas"]["UnixSeconds"] | null;
        };
        /** @description One write of an object's step, applied in order in one transaction: set columns of the row `where` names, insert a row, store a row in place of the one with its key, store columns of the row `where` names whether or not it exists (upsert), delete the rows `where` names, or drop the table. Table and column names are the object's own. */
        StepWrite: {
            /** @description The object's table the row is in. */
            table: string;
            /** @description The row: its key columns and their values. */
            where?: {
                [key: string]: string | number;
            };
            /** @description Columns to set on the row. */
            set?: {
                [key: string]: string | number | null;
            };
            /** @description A row to insert (kept as it is when its key exists). */
            insert?: {
                [key: string]: string | number | null;
            };
            /** @description A row to store, replacing the one with its key. */
            replace?: {
                [key: string]: string | number | null;
            };
            /** @description Columns to store in the row `where` names (its key): inserted with them when the key is new, else these columns set and the row's others kept. */
            upsert?: {
                [key: string]: string | number | null;
            };
            /**
             * @description The row is deleted.
             * @constant
             */
            delete?: true;
            /**
             * @description The whole table is dropped (no row written per row it held).
             * @constant
             */
            drop?: true;
        };
        /** @description Something for the object to do now (an RPC call, a fetch, a call to another object); its result is the next event. */
        StepEffect: {
            kind: string;
        };
        /** @description What the relayer needs for a verified funding, from verified values only: opaque to the worker, which stores it and hands it back. It carries no price: the relay ops price from the chain under its ceiling only (a plan stored when plans carried maxFeePerGasCoveredWei keeps it, ignored). */
        FundingPlan: {
            /** @enum {string} */
            standard: "permit3" | "permit2" | "erc3009" | "erc2612" | "transfer";
            chainId: components["schemas"]["ChainId"];
            token: components["schemas"]["EvmAddress"];
            funder: components["schemas"]["EvmAddress"];
            vault: components["schemas"]["EvmAddress"];
            intent: components["schemas"]["Intent"];
            authorization: Record<string, never> | null;
            signature: components["schemas"]["HexBytes"] | null;
        };
        /** @description A refund the relayer sends itself (src/service/funding/refund_relay.h): the source Portal's refund(destination, routeHash, reward), the job's one transaction. */
        RefundPlan: {
            /** @constant */
            standard: "refund";
            chainId: components["schemas"]["ChainId"];
            /** @description The refund recipient (reward.creator): what the sponsorship rows count the job under; no funder limit applies (nobody signed). */
            funder: components["schemas"]["EvmAddress"];
            intentHash: components["schemas"]["Hash32"];
            refund: {
                destination: components["schemas"]["ChainId"];
                routeHash: components["schemas"]["Hash32"];
                /** @description The reward as the source Portal hashes it (EVM form: deadline, creator, prover, nativeAmount, tokens). */
                reward: Record<string, never>;
            };
        };
        /** @description A refund the relayer sends itself (src/service/funding/refund_relay.h), run by the gasless job's machinery with the GaslessJob's members and transitions; never served by the API (the intent's status shows the refund). */
        RefundJob: {
            /** @description refund:<intent hash> (its first job), refund:<intent hash>:<n> (the n-th, replacing a failed one with nothing mined: src/service/funding/refund_step.h). The intent's object, named refund:<intent hash>, holds one at a time. */
            id: string;
            /** @enum {string} */
            status: "accepted" | "published" | "failed";
            waitingFor: ("gas-price" | "relayer") | null;
            /** @constant */
            standard: "refund";
            quoteId: components["schemas"]["Uuid"];
            intentHash: components["schemas"]["Hash32"];
            chainId: components["schemas"]["ChainId"];
            transactionHash: components["schemas"]["Hash32"] | null;
            confirmations: number | null;
            final: boolean;
            error: string | null;
            createdAt: components["schemas"]["UnixSeconds"];
            updatedAt: components["schemas"]["UnixSeconds"];
            /** @description A failed refund job only, once its object released it: how many of its transactions were mined, as the chain's store counted (null: not known). Replaced by the next generation only when 0 (src/service/funding/refund_step.h). */
            mined?: number | null;
        };
        /** @description A job the relayer sends: a gasless funding, or a refund it sends itself. */
        RelayedJob: components["schemas"]["GaslessJob"] | components["schemas"]["RefundJob"];
        /** @description The refund job to store and run (the worker's object named by the job id keeps the first, so a second look finds it), under the partner's sponsorship admission. */
        RefundJobStart: {
            jobKey: string;
            /** @description The partner whose sponsorship pays (the owner's). */
            partner: string;
            job: components["schemas"]["RefundJob"];
            plan: components["schemas"]["RefundPlan"];
            /** @description When the refund is not started now (its simulation refused, or the partner's budget spent: then the later of this and its Retry-After), the seconds until the intent is looked at again. */
            retryAfterSec: number;
        };
        RateBucket: {
            tokens: number;
            updatedMs: number;
            leases: {
                tokens: number;
                expiresMs: number;
            }[];
        };
        /** @description One per quote with an EVM funding (the quote, then each competing quote): its approvals then its funding, from the funder, to simulate together in sending order (src/service/quotes/quote_gas.h). */
        GasSimulations: {
            quoteId: string;
            chainId: components["schemas"]["ChainId"];
            calls: {
                from: components["schemas"]["EvmAddress"];
                to: components["schemas"]["EvmAddress"];
                data: components["schemas"]["HexBytes"];
                value: string;
            }[];
            /** @description Where each call's transaction is in the quote body (JSON pointers, RFC 6901), in the calls' order, then execution.approval when the quote has approvals (it repeats the last one). */
            transactions: string[];
        }[];
        /** @description Op "chains": The chain catalogue, each chain with whether its Portal confirmed the vault derivation. */
        ChainsInput: {
            /** @description The chains whose Portal confirmed the vault derivation (vaultDerivationVerdict), as the worker remembers them. */
            confirmedChains?: components["schemas"]["ChainId"][];
        };
        ChainsAnswer: {
            chains: components["schemas"]["ChainRecord"][];
        };
        /** @description Op "tokens": The configured tokens, of every chain or of one (GET /v1/tokens?chainId=). */
        TokensInput: {
            /** @description The chainId query parameter: the raw text the client sent, or null when absent; the core validates it. */
            chainId?: string | null;
        };
        TokensAnswer: {
            tokens: components["schemas"]["TokenRecord"][];
        };
        /** @description Op "vaultDerivationProbes": The eth_call to send to each EVM chain's Portal to check the configured vault derivation. */
        VaultDerivationProbesInput: Record<string, never>;
        VaultDerivationProbesAnswer: {
            probes: {
                chainId: components["schemas"]["ChainId"];
                to: components["schemas"]["EvmAddress"];
                data: components["schemas"]["HexBytes"];
                expectedVault: components["schemas"]["EvmAddress"];
            }[];
        };
        /** @description Op "vaultDerivationVerdict": Whether a Portal's answer to the probe confirms the vault derivation. */
        VaultDerivationVerdictInput: {
            /** @description A configured EVM chain. */
            chainId: components["schemas"]["ChainId"];
            /** @description The eth_call's return data, 0x-hex. */
            result: string;
        };
        VaultDerivationVerdictAnswer: {
            chainId: components["schemas"]["ChainId"];
            /** @enum {string} */
            vaultDerivation: "confirmed" | "unconfirmed";
            detail: string;
        };
        /** @description Op "authorizeKey": Whether an API key may use a family of endpoints: gasless (a configured partner and the gasless feature), quotes or all-quotes (the feature), webhooks (a configured partner: the endpoints are the partner's). */
        AuthorizeKeyInput: {
            key: components["schemas"]["KeyRecord"];
            /** @enum {string} */
            feature: "gasless" | "quotes" | "all-quotes" | "webhooks";
        };
        AuthorizeKeyAnswer: Record<string, never>;
        /** @description Op "clientNetwork": Which client network a keyless request counts against: an IPv4 address, an IPv6 /64 whatever the spelling (an IPv4-mapped IPv6 address is its IPv4 address), or the shared network unknown for an absent or unparseable address; an IPv6 network also counts against its /48. */
        ClientNetworkInput: {
            /** @description The CF-Connecting-IP header's text, or null when absent. */
            address?: string | null;
        };
        ClientNetworkAnswer: {
            /** @description ipv4:<dotted quad>, ipv6:<the first four groups, lowercase, without leading zeros>::/64, or unknown. */
            network: string;
            /** @description ipv6:<the first three groups>::/48 for an IPv6 network (its wider buckets), else null. */
            aggregate: string | null;
        };
        /** @description Op "streamAdmission": Whether a caller (an API key, or the client network of a keyless request) may open one more status stream: admitted while its open streams, this one included, are at most its cap (100 per key, 10 per client network, or the deployment's) and, for an IPv6 client, its /48's at most the factor (16) times that; beyond, 429 rate-limited with Retry-After and the RateLimit-* headers. */
        StreamAdmissionInput: {
            /** @enum {string} */
            caller: "key" | "network";
            /** @description The caller's open streams, this one included. */
            open: number;
            /** @description The deployment's cap for this kind of caller (STREAMS_PER_KEY, STREAMS_PER_CLIENT), or null for the default. */
            cap?: number | null;
            /** @description An IPv6 client network's /48 (the aggregate of op clientNetwork); only with caller network. Absent or null otherwise. */
            aggregate?: {
                /** @description The /48's open streams, this one included. */
                open: number;
            } | null;
            /** @description How many times a client network's cap its IPv6 /48's is (KEYLESS_AGGREGATE_FACTOR), or null for the default 16. */
            aggregateFactor?: number | null;
        };
        StreamAdmissionAnswer: {
            cap: number;
            remaining: number;
            /** @description The /48's count, when one was given. */
            aggregate?: {
                cap: number;
                remaining: number;
            };
        };
        /** @description Op "rateBucket": A token bucket's withdrawal (what it grants, leases and holds; when a refused caller may try again) or which buckets are idle (limits/rate-limiter.js). */
        RateBucketInput: {
            /** @constant */
            kind: "take";
            /** @description The bucket as held, or null: none yet (a full one). */
            bucket: components["schemas"]["RateBucket"] | null;
            limit: {
                ratePerSec: number;
                burst: number;
            };
            /** @description Tokens asked for: a lease's size, at least 1. */
            want: number;
            /** @description Whether the caller spends one of them now (the others are a lease). */
            spendOne: boolean;
            /** @description Unix milliseconds. */
            nowMs: number;
        } | {
            /** @constant */
            kind: "idle";
            buckets: {
                [key: string]: components["schemas"]["RateBucket"] & {
                    ratePerSec: number;
                    burst: number;
                };
            };
            nowMs: number;
        };
        RateBucketAnswer: {
            bucket: components["schemas"]["RateBucket"];
            granted: number;
            /** @description The new lease's tokens: granted less the one spent. */
            leased: number;
            allowed: boolean;
            limit: number;
            remaining: number;
            resetSec: number;
            retryAfterSec: number;
        } | {
            /** @description The buckets back at their burst with no lease out. */
            idle: string[];
        };
        /** @description Op "submitAdmission": Whether one more keyless submit to a partner's deposit addresses may be checked now in this isolate: admitted while the partner's submits being checked, this one included, are at most the cap (1, or the deployment's KEYLESS_SUBMITS_AT_ONCE), a check started 30 s ago or more no longer counting (named in expired, for the worker to forget); beyond, 429 rate-limited with Retry-After and the RateLimit-* headers (limits/submit-gate.js). */
        SubmitAdmissionInput: {
            /** @description The deposit addresses' partner (its slug). */
            partner: string;
            /** @description When each of the partner's submits being checked in this isolate started (Unix ms), this one's included. */
            started: number[];
            nowMs: number;
            /** @description The deployment's cap (KEYLESS_SUBMITS_AT_ONCE), or null for the default. */
            cap?: number | null;
        };
        SubmitAdmissionAnswer: {
            cap: number;
            remaining: number;
            /** @description Indices into started of checks that no longer count (never seen to end): forget them. */
            expired: number[];
        };
        /** @description Op "solverRequests": The requests to POST to remote solvers for a quote request, after validating it as quote does. */
        SolverRequestsInput: {
            /** @description The QuoteRequest, exactly as the client sent it (any JSON): the core validates it and answers 400 naming each wrong field. */
            body: unknown;
            key?: components["schemas"]["KeyRecord"];
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
            /** @description The worker's clock in Unix milliseconds; without it kept heads are not reused. */
            nowMs?: number;
            /** @description The deployment's QUOTE_HEAD_REUSE_MS: how long a kept head may be reused (the core caps it at 2000; absent or 0: never). */
            headReuseMs?: number;
            /** @description The last head the worker asked for on each chain, by chain id (funder_checks.h, head_to_reuse). */
            heads?: {
                [key: string]: {
                    /** @description The node's eth_blockNumber answer (hex quantity). */
                    blockNumber: string;
                    /** @description When the worker asked for it (Unix ms). */
                    readAtMs: number;
                };
            };
        };
        SolverRequestsAnswer: components["schemas"]["SolverRequests"];
        /** @description Op "quote": The complete, signed Quote for a request (POST /v1/quotes), with the records to store for its intents. */
        QuoteInput: {
            /** @description The QuoteRequest, exactly as the client sent it (any JSON): the core validates it and answers 400 naming each wrong field. */
            body: unknown;
            key: components["schemas"]["KeyRecord"];
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
            /** @description Fresh random bytes from the worker (the core has no randomness): ids, salts, secrets derive from them. */
            random: components["schemas"]["RandomHex"];
            solverAnswers?: components["schemas"]["SolverAnswers"];
            /** @description Absent on a chain the worker does not read (or whose node it could not reach): approvals are then always listed and checks is null. */
            funderReads?: {
                chainId: components["schemas"]["ChainId"];
                /** @description The block all calls were made at (eth_blockNumber's answer). */
                blockNumber: components["schemas"]["HexQuantity"];
                /** @description Each call of solverRequests' funderReads by id: its return data, or the node's error (the quote is then made as on a chain not read). */
                results: {
                    [key: string]: {
                        result: components["schemas"]["HexBytes"];
                    } | {
                        error: string;
                    };
                };
            };
        };
        QuoteAnswer: components["schemas"]["Quote"];
        /** @description One registration per quote: the winner first, then each competing quote. */
        QuoteRegistrations: components["schemas"]["Registration"][];
        /** @description The calls the worker simulates for the quote's gas limits (op quoteGas); never sent to the client. */
        QuoteSimulations: components["schemas"]["GasSimulations"];
        /** @description Op "quoteGas": Each EVM transaction's gas from one chained simulation of its quote's calls (eth_simulateV1): what each call used plus 30%, gasEstimated true, for a quote whose calls all succeeded, as members to set at pointers of the quote body; nothing for the others, which keep the configured bounds (src/service/quotes/quote_gas.h). */
        QuoteGasInput: {
            /** @description The quote op's simulations, as it answered them. */
            simulations: components["schemas"]["GasSimulations"];
            results: {
                quoteId: string;
                /** @description eth_simulateV1's call results of the one simulated block, in order. */
                calls: {
                    status?: string;
                    gasUsed?: string;
                }[];
            }[];
        };
        QuoteGasAnswer: {
            /** @description The members to set at each pointer of the quote body, in order. */
            patch: {
                /** @description A JSON pointer (RFC 6901) into the quote body. */
                path: string;
                set: {
                    gas: number;
                    /** @constant */
                    gasEstimated: true;
                };
            }[];
        };
        /** @description Op "attributionRetention": Which usage rows of a dappId label the attribution counter keeps: counts per endpoint and UTC day, a day kept 90 days (today included) for past reporting, then deleted. */
        AttributionRetentionInput: {
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
            /** @description The day numbers (whole days since the Unix epoch) the counter holds rows of. */
            days: number[];
            /** @description How many days are kept, today included. Default 90. */
            keepDays?: number;
            /** @description The length of a day in seconds (tests shorten it). Default 86400. */
            daySec?: number;
        };
        AttributionRetentionAnswer: {
            /** @description The day number a use at `now` is counted under. */
            day: number;
            /** @description The stored days whose rows are deleted now. */
            expired: number[];
            /** @description When the oldest day still kept expires; null when no day is kept (the counter deletes its storage). */
            nextAt: components["schemas"]["UnixSeconds"] | null;
        };
        /** @description Op "registerQuote": The records to store for every intent of a quote, merged into those already stored. */
        RegisterQuoteInput: {
            quote: components["schemas"]["Quote"];
            records?: components["schemas"]["RecordMap"];
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
            /** @description Every record counts as absent: no missing round trip. */
            fresh?: boolean;
        };
        RegisterQuoteAnswer: components["schemas"]["Registration"] | components["schemas"]["Missing"];
        /** @description Op "mergeRegistration": A registration merged into the record chain events created first. */
        MergeRegistrationInput: {
            registered: components["schemas"]["IntentRecord"];
            stored: components["schemas"]["IntentRecord"];
        };
        MergeRegistrationAnswer: {
            record: components["schemas"]["IntentRecord"];
        };
        /** @description Op "routeLogs": Which intent each Portal or prover log concerns, so the worker hands it to the object holding the record. */
        RouteLogsInput: {
            chainId: components["schemas"]["ChainId"];
            logs: components["schemas"]["EthLog"][];
        };
        RouteLogsAnswer: {
            byIntent: {
                [key: string]: components["schemas"]["EthLog"][];
            };
            transactions: {
                transactionHash: components["schemas"]["Hash32"];
                intentHash: components["schemas"]["Hash32"];
            }[];
            ignored: components["schemas"]["IgnoredLog"][];
        };
        /** @description Op "applyLogs": Portal and prover logs folded into the records of registered intents; only records that changed are answered. */
        ApplyLogsInput: {
            chainId: components["schemas"]["ChainId"];
            logs: components["schemas"]["EthLog"][];
            records?: components["schemas"]["RecordMap"];
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
            /** @description With toBlock: the logs are a reader's read of these blocks, so the records' transactions in them are replaced (a reorganisation removes what left the chain); without, pushed logs are folded in. */
            fromBlock?: components["schemas"]["BlockNumber"];
            toBlock?: components["schemas"]["BlockNumber"];
        };
        ApplyLogsAnswer: {
            updates: {
                [key: string]: components["schemas"]["IntentRecord"];
            };
            /** @description How many events changed a record. */
            applied: number;
            ignored: components["schemas"]["IgnoredLog"][];
            /** @description Intents of the logs that have no record: registered by no quote or deposit address of this service. Their logs change nothing and create nothing. */
            unregistered: string[];
            /** @description What the transaction index (lookups by transaction hash) must gain and lose: the transactions the changed records hold now and did not before, and those they held and no longer do (a reorganisation took them out). The index holds a transaction only while a record holds it. */
            transactions: {
                added: {
                    transactionHash: components["schemas"]["Hash32"];
                    intentHash: components["schemas"]["Hash32"];
                }[];
                removed: {
                    transactionHash: components["schemas"]["Hash32"];
                    intentHash: components["schemas"]["Hash32"];
                }[];
            };
        } | components["schemas"]["Missing"];
        /** @description Op "intentStatus": The v1 IntentStatus of a stored record (GET /v1/intents/status, by intent hash, quote id or transaction hash), or unknown; for a stream, 404 without a record (no stream opens). */
        IntentStatusInput: {
            /** @description The lookup as the client wrote it: exactly one of intentHash, quoteId and transactionHash (chainId only beside transactionHash). */
            query: {
                /** @description The intentHash query parameter: the raw text the client sent, or null when absent; the core validates it. */
                intentHash?: string | null;
                /** @description The quoteId query parameter: the raw text the client sent, or null when absent; the core validates it. */
                quoteId?: string | null;
                /** @description The transactionHash query parameter: the raw text the client sent, or null when absent; the core validates it. Finds the intent whose record holds that transaction (among candidates). */
                transactionHash?: string | null;
                /** @description The chainId query parameter: the raw text the client sent, or null when absent; the core validates it. With transactionHash only: the chain the transaction is on. */
                chainId?: string | null;
            };
            record?: components["schemas"]["IntentRecord"] | null;
            /** @description For a transactionHash lookup (record is then unused): the records the transaction index names for that hash, as stored now. The answer is the first by intent hash that still holds the transaction (on chainId, when given); none: unknown. For a quoteId lookup without a quote-id row (record is then unused): the shard's records whose intent hash starts with the quote id's first 12 hex digits (a quote id starts with its delivery intent hash's first 6 bytes); the answer is the one holding that quoteId; none: unknown. */
            candidates?: components["schemas"]["IntentRecord"][];
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
            chainTimes?: components["schemas"]["ChainTimes"];
            chainHeads?: components["schemas"]["ChainHeads"];
            /** @description True when the answer opens a status stream: an intent without a record is then 404, not unknown. */
            stream?: boolean;
        };
        IntentStatusAnswer: components["schemas"]["IntentStatus"];
        /** @description Op "intentStatusCheck": What a watcher of a stored intent needs in one answer (the intent shard's webhook alarm): the v1 IntentStatus now, when to look again without a chain event (the second after the route deadline, or the reward deadline, whichever is ahead, each by its own chain's clock and answered on the worker's; null when time alone can no longer change the status), and the refund the relayer sends itself now, or null (src/service/funding/refund_relay.h: refundable, registered by the service, an EVM source, an owner whose partner's sponsorship pays). */
        IntentStatusCheckInput: {
            record: components["schemas"]["IntentRecord"];
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
            chainTimes?: components["schemas"]["ChainTimes"];
            chainHeads?: components["schemas"]["ChainHeads"];
            /** @description Who registered the intent and hears of it by webhook: "key:<id>" or "partner:<slug>"; its partner's sponsorship pays for a refund the relayer sends. */
            owner?: string;
        };
        IntentStatusCheckAnswer: {
            status: components["schemas"]["IntentStatus"];
            /** @description Unix seconds by the worker's clock, or null. */
            recheckAt: components["schemas"]["UnixSeconds"] | null;
            refundJob: components["schemas"]["RefundJobStart"] | null;
        };
        /** @description Op "recordRetention": When the intent index may delete each record: an hour after its later deadline when the chains never showed a transaction of it other than its publication (which moves no money), never otherwise. */
        RecordRetentionInput: {
            /** @description The records being stored (each one a record, never null). */
            records: {
                [key: string]: components["schemas"]["IntentRecord"];
            };
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
            /** @description How long after its later deadline an untouched (or only published) record is kept. Default 3600. */
            graceSec?: number;
        };
        RecordRetentionAnswer: {
            /** @description Per record: Unix seconds from which it may be deleted, or null when it holds a transaction (kept). */
            expireAt: {
                [key: string]: components["schemas"]["UnixSeconds"] | null;
            };
        };
        /** @description Op "quoteIdRetention": When a shard may delete each quote-id row kept apart from its intent's record (a deposit address's quote id): with that record, by the recordRetention rule; at once when the record is gone; never while it holds a transaction. */
        QuoteIdRetentionInput: {
            /** @description Quote id (bare, lowercase) -> the intent it delivers and that intent's record. */
            rows: {
                [key: string]: {
                    /** @description The intent the row leads to. */
                    intentHash: string;
                    /** @description That intent's record: the registered one when the row is stored, as its shard holds it when the row is checked again; null when its shard holds none. */
                    record: components["schemas"]["IntentRecord"] | null;
                };
            };
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
            /** @description How long after its record's later deadline a row is kept. Default 3600, as for records. */
            graceSec?: number;
        };
        QuoteIdRetentionAnswer: {
            /** @description Per quote id: Unix seconds from which the row may be deleted (at or before now: delete it now), or null when its record holds a transaction (kept). */
            expireAt: {
                [key: string]: components["schemas"]["UnixSeconds"] | null;
            };
        };
        /** @description Op "intentShardStep": The intent shard's decisions, one event at a time: a registration (records merged and stored with their retention, the quote id and the webhook owner), chain logs (records changed, the transaction index, owned intents due for a webhook check), a live status stream's next event and its end, an owned intent's webhook status check (deliver a changed status, start the refund the relayer sends itself, when to check again), the retention of records past their time (a table of records by expiry hour dropped whole once past) and of quote-id rows kept apart from their records, bringing rows stored before their retention rule under it, and the next alarm: rows to write, effects to perform, when to wake and what to answer. */
        IntentShardStepInput: {
            /** @description What the driver loaded for the event (see the event kinds); the answer's state is the next event's. */
            state: {
                /** @description Unix milliseconds (the core has no clock). */
                nowMs: number;
                /** @description The retention's grace (op recordRetention's); default an hour. */
                graceSec?: number;
                /** @description How wide the expiry hour is by which records share a table (record_tables.h); default 3600. Tests shorten it. */
                bucketSec?: number;
                /** @description The object's alarm now, Unix milliseconds (null: none): events that bring expiries or checks only bring it forward. Required by registered, logs and wake. */
                alarm?: number | null;
                /** @description registered: intent hash -> the registered record; logs: intent hash -> the stored record or null (op applyLogs's records); expired: [{intentHash, expireAt, transactions: the record's record_tx transaction hashes}], records whose retention may have come. upgrade: a page of records stored without an expiry, [{intentHash, record}]. drop: [{intentHash, transactions}], the table's records that have record_tx or quote-id rows. */
                records?: Record<string, never> | unknown[];
                /** @description registered: intent hash -> the record stored now, or null. */
                stored?: {
                    [key: string]: components["schemas"]["IntentRecord"] | null;
                };
                /** @description registered: who hears of the intents' status changes by webhook ("key:<id>", "partner:<slug>"); check: the owner row's. */
                owner?: string | null;
                /** @description registered: the quote id to map to its delivery intent (record: that intent's registered record, for a row kept apart from it). */
                quote?: null | {
                    quoteId: string;
                    deliveryIntentHash: string;
                    record?: components["schemas"]["IntentRecord"] | null;
                };
                /** @description registered: several registrations in one step, instead of records, owner, owned and quote: each stored as if it were an event of its own after those before it (a record an earlier one stored is the stored record for the later ones, and so is its row's owner). stored and places cover the intents of all of them. */
                batch?: {
                    /** @description Intent hash -> the registered record. */
                    records: Record<string, never>;
                    owner?: string | null;
                    quote?: null | {
                        quoteId: string;
                        deliveryIntentHash: string;
                        record?: components["schemas"]["IntentRecord"] | null;
                    };
                }[];
                /** @description logs: the chain the logs are of. */
                chainId?: number;
                /** @description logs: the logs of this shard's intents. */
                logs?: components["schemas"]["EthLog"][];
                /** @description logs: the blocks the logs are everything of (a reader's range); absent or null for pushed logs. */
                range?: null | {
                    fromBlock: number;
                    toBlock: number;
                };
                /** @description logs and registered (with owner): the intents among records whose row has a webhook owner (a registration keeps it). */
                owned?: string[];
                /** @description registered and logs: intent hash -> where the stored record's row is and its webhook columns (a record whose table changes moves whole); absent: not stored. */
                places?: {
                    [key: string]: {
                        /** @description The record table the row is in: record_kept, record_until_<end>, or the legacy record. */
                        table: string;
                        owner?: string | null;
                        lastStatus?: string | null;
                        checkAt?: number | null;
                    };
                };
                /** @description buckets: the shard's record tables. */
                tables?: string[];
                /** @description checked: the record row's table; drop: the table of records by expiry hour to drop. */
                table?: string;
                /** @description stream: the status query as the worker resolved it (op intentStatus's). */
                query?: Record<string, never>;
                /** @description stream, check: the intent's stored record, or null. */
                record?: components["schemas"]["IntentRecord"] | null;
                chainTimes?: components["schemas"]["ChainTimes"];
                chainHeads?: components["schemas"]["ChainHeads"];
                /** @description stream: the id of the status body the client has (its Last-Event-ID at first), or null. */
                last?: string | null;
                /** @description check: the owned intent. */
                intentHash?: string;
                /** @description check: the status last delivered to the owner, or null. */
                lastStatus?: string | null;
                /** @description checked: the status delivered (from the check's answer). */
                status?: string | null;
                /** @description checked: the next check (from the check's answer). */
                next?: number | null;
                /** @description quoteRows: the quote-id rows due, with their records as their shards hold them. */
                rows?: {
                    quoteId: string;
                    intentHash: string;
                    expireAt: number;
                    record: components["schemas"]["IntentRecord"] | null;
                }[];
                /** @description wake: the earliest due check and expiry, Unix seconds or null. */
                due?: (number | null)[];
                /** @description upgrade: the shard's meta row "retention" (0: none): which retention its stored rows were brought up to. */
                version?: number;
                /** @description upgrade, the last page: quote ids stored without an expiry whose record the shard does not hold. */
                apart?: string[];
                /** @description stream: how long the stream has been open, milliseconds. */
                ageMs?: number;
                /** @description stream: the deployment's maximum age (STREAM_MAX_MS); default 10 minutes. */
                maxAgeMs?: number;
                /** @description quoteIdRange: the quote id looked up (bare UUID). */
                quoteId?: string;
            };
            /** @description registered; logs; stream; check {chainHeads, chainTimes} or {thrown}; checked {markedAgain, delivered?, refundAt?, thrown?}; quoteRows {thrown?}; expired; upgrade; wake. */
            event: {
                /** @enum {unknown} */
                kind: "registered" | "logs" | "stream" | "check" | "checked" | "quoteRows" | "expired" | "upgrade" | "wake" | "buckets" | "drop" | "quoteIdRange";
                chainHeads?: components["schemas"]["ChainHeads"];
                /** @description check: the chain heads could not be read; checked: an effect failed; quoteRows: a record's shard could not be read. */
                thrown?: string;
                /** @description checked: chain events marked the intent again while the check ran. */
                markedAgain?: boolean;
                chainTimes?: components["schemas"]["ChainTimes"];
                /** @description checked: the deliver effect was performed (the delivery queued). */
                delivered?: boolean;
                /** @description checked: the refund effect's result: when to look at the intent again (the refund not started now), or null. */
                refundAt?: number | null;
            };
        };
        IntentShardStepAnswer: {
            /** @description The state for the next event (check: with status and next for checked; stream: last). */
            state: Record<string, never>;
            /** @description Rows of tables record, quote, owner, record_tx and meta, in one transaction. */
            writes: components["schemas"]["StepWrite"][];
            /** @description Performed in order. */
            effects: ({
                /** @constant */
                kind: "notify";
                intents: string[];
            } | {
                /** @constant */
                kind: "mark";
                intents: string[];
            } | {
                /** @constant */
                kind: "deliver";
                owner: string;
                before: null | {
                    status: string;
                };
                after: components["schemas"]["IntentStatus"];
            } | {
                /** @constant */
                kind: "send";
                id: string;
                data: string;
            } | {
                /** @constant */
                kind: "close";
            } | {
                /** @constant */
                kind: "unindex";
                pairs: {
                    transactionHash: string;
                    intentHash: string;
                }[];
            } | {
                /** @constant */
                kind: "refund";
                /** @description op intentStatusCheck's refundJob. */
                job: Record<string, never>;
                owner: string;
            })[];
            /** @description Unix milliseconds to set the object's alarm to (null: left as it is). */
            alarmAt: number | null;
            /** @description logs: op applyLogs's refusal as it is, or 200 {applied, updated, unregistered, transactions}; upgrade: {upToDate}; buckets: {due, next}; quoteIdRange: {from, to, limit} (the intent hashes a quote id's records may have, both included, and how many a lookup reads) or null; null for the other events. */
            reply: null | {
                status: number;
                body: Record<string, never>;
            } | {
                upToDate: boolean;
            } | {
                /** @description The tables of records by expiry hour whose end has passed. */
                due: string[];
                /** @description The earliest end of the others, Unix seconds. */
                next: number | null;
            } | {
                from: string;
                to: string;
                limit: number;
            };
        };
        /** @description Op "pollPlan": Which block ranges of which chains the chain reader fetches next, with their eth_getLogs filters. The chains are the EVM chains with an endpoint: the configuration's rpcUrl (local chains), else rpcUrls; a chain with neither is not read. Each range re-reads a confirmation window for reorganisations. */
        PollPlanInput: {
            /** @description The last processed block per chain, null when none. */
            cursors?: {
                [key: string]: components["schemas"]["BlockNumber"] | null;
            };
            /** @description Each chain's latest block. */
            heads?: {
                [key: string]: components["schemas"]["BlockNumber"];
            };
            /** @description Each chain's finalized block at the reader's last read, null where the node serves no such tag: everything above it is read again (up to maxRange blocks below the cursor), since a transaction there is not final yet. */
            finalized?: {
                [key: string]: components["schemas"]["BlockNumber"] | null;
            };
            /** @description Default 12. */
            confirmations?: number;
            /** @description Default 1000. */
            maxRange?: number;
            /** @description Default 4. */
            maxRanges?: number;
            /** @description Default 10000. */
            lookback?: number;
            /** @description The deployment's RPC endpoints per chain id (CHAIN_RPC_URLS): one URL, or several in order of preference. */
            rpcUrls?: {
                [key: string]: string | string[];
            };
            /** @description The watched deposit vaults per chain id. */
            deposits?: {
                [key: string]: components["schemas"]["WatchedDeposit"][];
            };
        };
        PollPlanAnswer: {
            chains: {
                chainId: components["schemas"]["ChainId"];
                /** @description The configuration's endpoint, else the first of the deployment's. */
                rpcUrl: string;
                ranges: {
                    fromBlock: components["schemas"]["BlockNumber"];
                    toBlock: components["schemas"]["BlockNumber"];
                    /** @description The eth_getLogs filter of the Portal and prover logs. */
                    filter: Record<string, never>;
                    /** @description The eth_getLogs filters of Transfer logs into the chain's watched deposit vaults; empty without. */
                    transferFilters: Record<string, never>[];
                }[];
            }[];
            confirmations: number;
            /** @description The most blocks below its cursor a round reads again: what a reader keeps notes of (the intents it saw in those blocks). */
            window: number;
        };
        /** @description Op "chainReaderStep": A chain reader's decisions in one polling round, one event at a time: whether the chain is read at all (a JSON-RPC endpoint), which blocks to read (head, anchor block 1, finalized), whether the chain was replaced (another block 1: the cursor resets) or the node lags behind the cursor (nothing moves), the ranges to read (op pollPlan) with the cursor each moves to once delivered, and the polling alarm (rounds one interval apart). */
        ChainReaderStepInput: {
            /** @description The reader's rows and settings (nowMs and intervalMs alone for start). */
            state: {
                chainId?: components["schemas"]["ChainId"] | null;
                /** @description Unix milliseconds. */
                nowMs?: number;
                /** @description The stored cursor row. */
                cursor?: {
                    block: number | null;
                    finalized: number | null;
                    anchorHash: string | null;
                };
                /** @description Whether this instance compared the chain's block 1 since it started. */
                anchorChecked?: boolean;
                /** @description The chain's watched deposit vaults; the answer's state holds those still watched. */
                watched?: (components["schemas"]["WatchedDeposit"] & {
                    /** @description Unix seconds: past it, the vault is watched no more (a delete write). */
                    deadline?: number;
                })[];
                /** @description The deployment's endpoints per chain id (CHAIN_RPC_URLS), as op pollPlan takes them. */
                rpcUrls?: Record<string, never>;
                /** @description Default 12 (op pollPlan). */
                confirmations?: number;
                /** @description Default 1000 (op pollPlan). */
                maxRange?: number;
                /** @description The polling alarm's interval; none or 0: polled by the cron trigger only. */
                intervalMs?: number;
                /** @description The blocks read so far this round (carried from an answer's state); absent in a read event: the round began with the last round's nextRead. */
                reads?: Record<string, never>;
            };
            /** @description poll; read {results: [{tag, block: the node's block or null} | {tag, thrown}], in the order read, stopping at the first thrown} (with a state without reads: a round begun with the last one's nextRead); rangeFailed {message}; start (an object with no alarm). */
            event: {
                /** @enum {unknown} */
                kind: "poll" | "read" | "rangeFailed" | "start";
            };
        };
        ChainReaderStepAnswer: {
            /** @description The state for the next event; its anchorChecked is the one the instance keeps; once the round is over, nextRead: the blocks the next round reads first, its results its first event (no poll). */
            state: Record<string, never>;
            /** @description Rows of table cursor (where id 1). */
            writes: components["schemas"]["StepWrite"][];
            /** @description read {blocks: [tag]} (eth_getBlockByNumber of each, in order; the results are the next event), or the round's ranges, in order: range {fromBlock, toBlock, filter, transferFilters, confirmations, keepFrom: the lowest block whose intents the reader keeps notes of, writes: the cursor moved past the range, applied once its logs were delivered}; a range that fails is the next event (rangeFailed). None: the round is over. */
            effects: components["schemas"]["StepEffect"][];
            /** @description Unix milliseconds to set the polling alarm to (null: left as it is). */
            alarmAt: number | null;
            reply: null | Record<string, never>;
            logs: {
                /** @enum {unknown} */
                level: "log" | "error";
                line: Record<string, never>;
            }[];
        };
        /** @description Op "gaslessVerify": Proves a gasless submit (Permit3, Permit2, ERC-3009) before the worker accepts it. */
        GaslessVerifyInput: {
            /** @enum {string} */
            standard: "permit3" | "permit2" | "erc3009";
            /** @description The submit body {quote, permit3|permit2|authorization, signature}, exactly as the client sent it (any JSON): the core validates it and answers 400 naming each wrong field. */
            body: unknown;
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
            /** @description The chains whose Portal confirmed the vault derivation (vaultDerivationVerdict), as the worker remembers them. */
            confirmedChains: components["schemas"]["ChainId"][];
        };
        GaslessVerifyAnswer: components["schemas"]["FundingVerified"];
        /** @description Op "gaslessJobLookup": The quote id a job id or quote id names (GET /v1/gasless/jobs/{id}, ?quoteId=); asked again with what that quote's object holds, the job if the key's partner owns it. */
        GaslessJobLookupInput: {
            /** @description The job id path segment: the raw text the client sent, or null when absent; the core validates it. */
            jobId: string | null;
            /** @description The key's partner slug (the second look). */
            partner?: string;
            /** @description What the quote's object holds: the job and the owner its submit stored, or null (the second look). */
            stored?: {
                owner: string;
                job: Record<string, never>;
            } | null;
        } | {
            /** @description The quoteId query parameter: the raw text the client sent, or null when absent; the core validates it. */
            quoteId: string | null;
            /** @description The key's partner slug (the second look). */
            partner?: string;
            /** @description What the quote's object holds: the job and the owner its submit stored, or null (the second look). */
            stored?: {
                owner: string;
                job: Record<string, never>;
            } | null;
        };
        GaslessJobLookupAnswer: {
            /** @description The bare UUID, lowercase. */
            quoteId: string;
        } | {
            /** @description The job (GaslessJob), the key's partner's own. */
            job: Record<string, never>;
        };
        /** @description Op "gaslessJobAdvance": A relay outcome or a receipt check applied to an accepted job or a published one not final yet: the next job, when to relay again, whether to check its receipt again. */
        GaslessJobAdvanceInput: {
            job: components["schemas"]["RelayedJob"];
            outcome: {
                receipt: {
                    /** @description The receipt's status as the node answered it: 0x1 successful, 0x0 reverted. */
                    status: string;
                    /** @description A hex quantity, as the node answered it. */
                    blockNumber: string;
                } | null;
            } | {
                transactionHash: components["schemas"]["Hash32"];
                blockNumber: number;
            } | {
                receiptGone: components["schemas"]["Hash32"];
            } | {
                error: string;
            } | {
                transientError: string;
                attempts: number;
            } | {
                /** @enum {string} */
                waitingFor: "gas-price" | "relayer";
                detail: string;
            } | {
                inFlight: string;
            };
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
            chainHeads?: components["schemas"]["ChainHeads"];
        };
        GaslessJobAdvanceAnswer: {
            job: components["schemas"]["RelayedJob"];
            retryAfterSec: number | null;
            /** @description true while the job names a transaction that is not final: look at its receipt again after the chain's poll interval. */
            checkReceipt: boolean;
        };
        /** @description Op "gaslessJobRetention": When a gasless job's object may be deleted: 30 days after it finished (published or failed), never while accepted. Safe for exactly-once: a resubmitted payload meets an expired quote and a spent on-chain nonce. */
        GaslessJobRetentionInput: {
            job: components["schemas"]["RelayedJob"];
            /** @description How long a finished job is kept. Default 2592000 (30 days). */
            keepSec?: number;
        };
        GaslessJobRetentionAnswer: {
            /** @description Unix seconds from which the job's object may be deleted; null while the job is accepted. */
            deleteAt: components["schemas"]["UnixSeconds"] | null;
        };
        /** @description Op "gaslessJobStep": The gasless job object's decisions, one event at a time: when its alarm fires (relay or look at the receipt, apply the outcome, release the reservation, keep or delete the job: the rows to write, the effect to perform, when to wake and what to log), and a stored submit's HTTP answer (202, 200 or 409) with the release of a reservation its settled job no longer needs. */
        GaslessJobStepInput: {
            /** @description The stored job with, for the alarm's events, attempts, nowMs and pollMs (keepSec, plan and deposit optional). */
            state: {
                /** @description The stored job; null when the object holds none (deleted). */
                job: components["schemas"]["RelayedJob"] | null;
                /** @description Relay attempts spent on transient trouble. */
                attempts?: number;
                /** @description Unix milliseconds. */
                nowMs?: number;
                /** @description The chain poll interval: how soon a receipt is looked at again. */
                pollMs?: number;
                /** @description How long a finished job is kept (op gaslessJobRetention). Default 30 days. */
                keepSec?: number;
                /** @description The job's stored plan: a job a reorganisation sends back to accepted holds its funder's balance again (effect reserve). */
                plan?: Record<string, never>;
                /** @description The vault of the deposit address whose job this is: a failed job that had nothing mined is archived there and deleted, leaving the address open (effect archive). */
                deposit?: string;
            };
            /** @description alarm; receipt {receipt, chainHeads} or {thrown}; relayed {result, chainHeads} or {thrown, chainHeads}; released {mined?: the job's mined transactions, as the chain's store answered the release}; reserved; archived; forgotten; deleted; submitted {outcome, reserved, quoteId, owner?, transfer?: a deposit address's covering transfers, submitted by its object} (with state.owner: the stored job's). */
            event: {
                /** @enum {unknown} */
                kind: "alarm" | "receipt" | "relayed" | "released" | "reserved" | "archived" | "forgotten" | "deleted" | "submitted";
                chainHeads?: components["schemas"]["ChainHeads"];
            };
        };
        GaslessJobStepAnswer: {
            /** @description The state for the next event: its job is the one written. */
            state: Record<string, never>;
            writes: components["schemas"]["StepWrite"][];
            /** @description For the alarm's events at most one (relay, receipt, release, reserve {reservation}, archive {vault}, forget, deleteAll): its result is the next event. None: the alarm is over. A submit's are performed and not fed back: release (its reservation, the job having settled) and, for covering transfers that met another job of the quote not published, watch (the address stays watched). */
            effects: components["schemas"]["StepEffect"][];
            /** @description Unix milliseconds to set the object's alarm to (null: left as it is). */
            alarmAt: number | null;
            /** @description null for an alarm; for a submit, its HTTP answer. */
            reply: null | {
                /** @enum {integer} */
                status: 200 | 202 | 409;
                /** @description The job (GaslessJob), or the 409 Problem. */
                body: unknown;
            };
            logs: {
                /** @enum {unknown} */
                level: "log" | "error";
                line: Record<string, never>;
            }[];
        };
        /** @description Op "gaslessSubmitStep": A verified gasless submit's way to its answer, one event at a time: the quote's job answers first; a quote without one is reserved in the chain's store (its preflight read the chain), a refused funding looks for the job once more, then is answered (429 with the limit's headers, the store's own refusal, or 422 after counting against a keyless client's work-creating bucket); the job stored and answered as op gaslessJobStep says, its reservation released when its job had settled, and a deposit address's new job releasing the address's cap slots. */
        GaslessSubmitStepInput: {
            state: {
                /** @description What the op reads of the verification op's answer (gaslessVerify, depositSubmitVerify): {job: {id}, jobKey, quoteId, standard}; the whole answer will do, the plan stays with the driver. */
                verified: Record<string, never>;
                /** @description Who may read the job: partner:<slug>. */
                owner: string;
                /** @description Whether an API key sent the submit. */
                keyed: boolean;
                /** @description The vault (lowercase) of the deposit address the submit funds. */
                deposit?: string;
                requestId?: string;
                /** @description The previous answer's state.context, handed back with the event that answers its effect. */
                context?: Record<string, never>;
            };
            /** @description submit; and the results of effects: jobRead {exists}, reserved {verdict: {status, body, headers} | {httpError}}, workCounted, jobSubmitted {stored: {created, jobKey, job, owner}} | {thrown}, released, depositFunded. */
            event: {
                /** @enum {unknown} */
                kind: "submit" | "jobRead" | "reserved" | "workCounted" | "jobSubmitted" | "released" | "depositFunded";
            };
        };
        GaslessSubmitStepAnswer: {
            /** @description {context?}: handed back with the next event. */
            state: Record<string, never>;
            writes: unknown[];
            /** @description At most one (readJob, reserve {plan, jobId, partner}, countRefusedWork, submitJob {reserved}, release, depositFunded {vault}): its result is the next event. None: `reply` answers. */
            effects: components["schemas"]["StepEffect"][];
            alarmAt: null;
            /** @description Once no effect is left: {status: 202 | 200, body: the job}, a refusal {status, body: {code, detail, errors}, headers?} (thrown by the handler), or {error}: the job was not stored (500). */
            reply: unknown;
            logs: {
                /** @enum {unknown} */
                level: "log" | "error";
                line: Record<string, never>;
            }[];
        };
        /** @description Op "refundStep": A refund the relayer sends itself, started one event at a time (src/service/funding/refund_step.h): the intent's refund object read first (a running job is looked at again later, a final one ends the looking); a failed job replaced by the next generation only when none of its transactions was mined (the count its object recorded from the chain's store) and fewer than 3 were tried; each generation admitted under the partner's sponsorship budget, simulated, judged with the simulation's verdict, then stored (a replacement after the relayer forgot the failed job's transactions). The reply says when to look at the intent again. */
        RefundStepInput: {
            state: {
                refund: components["schemas"]["RefundJobStart"];
                /** @description Who registered the intent: key:<id> or partner:<slug>; kept with the job. */
                owner: string;
                /** @description The worker's clock: Unix milliseconds. */
                nowMs: number;
                /** @description Whether the source chain has an RPC endpoint. */
                endpoint: boolean;
                /** @description The relayer account the intent's refunds are pinned to (chosen by the object's name, so every generation uses it), or null: no relayer key. */
                relayer: components["schemas"]["EvmAddress"] | null;
                /** @description The worker's REFUND_RETRY_SEC: replaces refund.retryAfterSec (tests wait seconds, not 10 minutes). */
                retrySec?: number;
                /** @description The previous answer's state.context, handed back with the event that answers its effect. */
                context?: Record<string, never>;
            };
            /** @description start; and the results of effects: jobRead {stored: null | {job}}, admitted {refused: null | {status, body, headers?}}, simulated {refused: null | {error}} | {thrown}, judged {reply: {status, body, headers?}}, forgotten, jobSubmitted {stored: {created, job}} | {thrown}, dropped. */
            event: {
                /** @enum {unknown} */
                kind: "start" | "jobRead" | "admitted" | "simulated" | "judged" | "forgotten" | "jobSubmitted" | "dropped";
            };
        };
        RefundStepAnswer: {
            /** @description {context?}: handed back with the next event. */
            state: Record<string, never>;
            writes: unknown[];
            /** @description At most one (readJob; admit {plan, jobId, partner}; simulate {plan}; judge {verdict}; forget {jobId}; submitJob {jobKey, job, plan, replaces}; drop {jobId}: this generation's admission released): its result is the next event. None: `reply` answers. */
            effects: components["schemas"]["StepEffect"][];
            alarmAt: null;
            /** @description Once no effect is left: {recheckAt}: when to look at the intent again (Unix seconds), or null: no more looking (started and final, given up, or this deployment relays nothing). */
            reply: null | {
                recheckAt: components["schemas"]["UnixSeconds"] | null;
            };
            logs: {
                /** @enum {unknown} */
                level: "log" | "error";
                line: Record<string, never>;
            }[];
        };
        /** @description Op "relayerAccount": The relayer's address. */
        RelayerAccountInput: {
            /** @description The relayer's secret key (RELAYER_KEY), 0x + 64 hex. */
            relayerKey: string;
        };
        RelayerAccountAnswer: {
            address: components["schemas"]["EvmAddress"];
        };
        /** @description Op "relayerFloor": Whether a relayer account may take a new job on a chain: its native balance against the chain's floor (relay.minRelayerBalanceWei). Below it the job waits (waitingFor relayer) and the worker logs relayer-below-floor. */
        RelayerFloorInput: {
            /** @description A configured EVM chain. */
            chainId: components["schemas"]["ChainId"];
            /** @description The relayer account. */
            address: components["schemas"]["EvmAddress"];
            /** @description The account's native balance (eth_getBalance, latest). */
            balanceWei: string;
        };
        RelayerFloorAnswer: {
            chainId: components["schemas"]["ChainId"];
            address: components["schemas"]["EvmAddress"];
            balanceWei: components["schemas"]["Amount"];
            /** @description The chain's floor; null: the chain has none (every job is taken). */
            floorWei: components["schemas"]["Amount"] | null;
            mayTakeJob: boolean;
            /** @description Why not (names the account, its balance, the chain and the floor); null when it may. */
            detail: string | null;
        };
        /** @description Op "relayTransactions": The relayer's signed EIP-1559 transactions for a verified funding, in the order to broadcast. */
        RelayTransactionsInput: {
            plan: components["schemas"]["RelayPlan"];
            /** @description The relayer's secret key (RELAYER_KEY), 0x + 64 hex. */
            relayerKey: string;
            /** @description The relayer account's pending transaction count (eth_getTransactionCount "pending"). */
            nonce: number;
            /** @description The account's mined transaction count ("latest"); the first transaction takes max(nonce, minedNonce). */
            minedNonce: number;
            /** @description The nonces of the account's other jobs' stored transactions whose jobs have not settled: while one is at or above minedNonce nothing is signed (waitingFor relayer). */
            heldNonces: {
                jobId: string;
                nonce: number;
            }[];
            baseFeePerGas: components["schemas"]["HexQuantity"] | null;
            priorityFeeSuggestion: components["schemas"]["HexQuantity"] | null;
        };
        RelayTransactionsAnswer: {
            from: components["schemas"]["EvmAddress"];
            maxFeePerGas: components["schemas"]["Amount"];
            maxPriorityFeePerGas: components["schemas"]["Amount"];
            transactions: {
                /** @enum {string} */
                purpose: "authorization" | "funding" | "refund";
                to: components["schemas"]["EvmAddress"];
                nonce: number;
                hash: components["schemas"]["Hash32"];
                raw: components["schemas"]["HexBytes"];
            }[];
        } | {
            from: components["schemas"]["EvmAddress"];
            /**
             * @description gas-price: the chain's base fee plus priority fee is above its ceiling (service.json relay.maxFeePerGasWei); relayer: another job of the relayer account holds a nonce not mined yet. Nothing is signed.
             * @enum {string}
             */
            waitingFor: "gas-price" | "relayer";
            detail: string;
        };
        /** @description Op "fundingPreflight": The read-only calls that tell whether the relayer's transactions would succeed. */
        FundingPreflightInput: {
            plan: components["schemas"]["RelayPlan"];
            /** @description The account that will relay the job; null when the worker has no relayer key (422). */
            relayer: components["schemas"]["EvmAddress"] | null;
            /** @description Whether the worker has a JSON-RPC endpoint for the plan's chain (false: 422). Default true. */
            endpoint?: boolean;
        };
        FundingPreflightAnswer: {
            calls: {
                /** @enum {string} */
                id: "balance" | "authorizationState" | "permitNonce" | "permitContractAllowance" | "permit2Nonce" | "permit3Nonce" | "rewardStatus" | "authorization";
                from?: components["schemas"]["EvmAddress"];
                to: components["schemas"]["EvmAddress"];
                data: components["schemas"]["HexBytes"];
            }[];
            /** @description What the funding holds of its funder's balance until it settles (null for a plain transfer, which already paid the vault). */
            reservation: {
                chainId: components["schemas"]["ChainId"];
                token: components["schemas"]["EvmAddress"];
                funder: components["schemas"]["EvmAddress"];
                amount: string;
            } | null;
        };
        /** @description Op "fundingPreflightVerdict": Whether the funding would succeed, judged from the preflight calls' answers. */
        FundingPreflightVerdictInput: {
            plan: components["schemas"]["RelayPlan"];
            /** @description Each call's answer by id. */
            results: {
                [key: string]: {
                    result: components["schemas"]["HexBytes"];
                } | {
                    error: string;
                    data?: components["schemas"]["HexBytes"];
                };
            };
            /** @description The funder's other accepted, unsettled relayed fundings of this chain and token, from the chain's reservation store. */
            reserved?: {
                jobId: string;
                amount: string;
            }[];
            /** @description The job this funding would be: its own reserved row is not counted. */
            jobId?: string;
        };
        FundingPreflightVerdictAnswer: {
            /** @constant */
            ok: true;
        };
        /** @description Op "relaySimulation": Right before the relayer signs: the job's authorization windows checked against the chain's time with relay.windowMarginSec, and the job's calls (authorization, then funding) exactly as they will be signed, for the worker to simulate together against the pending state. */
        RelaySimulationInput: {
            plan: components["schemas"]["RelayPlan"];
            /** @description The relayer account, the sender of every call. */
            relayer: components["schemas"]["EvmAddress"];
            /** @description The latest block's timestamp: windows are judged by the chain's clock. */
            chainTime: components["schemas"]["UnixSeconds"];
            /**
             * @description funding (or refund, a refund's one call): the authorization is mined already or there is none and only the funding transaction is re-sent (op relayReplace): only the funding call is named, and only the windows of allowances it spends are checked. Default authorization: the whole job.
             * @enum {unknown}
             */
            from?: "authorization" | "funding" | "refund";
        };
        RelaySimulationAnswer: {
            /** @description In the order the relayer sends them; the last is the funding. */
            calls: {
                /** @enum {unknown} */
                purpose: "authorization" | "funding" | "refund";
                from: components["schemas"]["EvmAddress"];
                to: components["schemas"]["EvmAddress"];
                data: components["schemas"]["HexBytes"];
                gas: components["schemas"]["HexQuantity"];
            }[];
        };
        /** @description Op "relaySimulationVerdict": Whether the simulated job would succeed: eth_simulateV1's results of the calls relaySimulation named, in order; a call that would revert fails the job with its reason. */
        RelaySimulationVerdictInput: {
            plan: components["schemas"]["RelayPlan"];
            /** @description The one simulated block's calls, in the order relaySimulation named them. */
            results: {
                /** @enum {unknown} */
                status: "0x1" | "0x0";
                returnData?: components["schemas"]["HexBytes"];
                error?: {
                    message: string;
                    data?: components["schemas"]["HexBytes"];
                };
            }[];
            /**
             * @description As relaySimulation's: the results are of the calls from this one on.
             * @enum {unknown}
             */
            from?: "authorization" | "funding" | "refund";
            /**
             * @description Where the calls were simulated (default pending); latest for a re-simulation while the job's own transaction is still pending.
             * @enum {unknown}
             */
            at?: "pending" | "latest";
        };
        RelaySimulationVerdictAnswer: {
            /** @constant */
            ok: true;
        };
        /** @description Op "relayReplace": One of a job's signed transactions with no receipt under any of its attempts' hashes: wait, fail the job (its nonce taken by another transaction), simulate the remaining calls again, broadcast the same bytes again (dropped), replace it (same nonce and call, both fees raised at least 10% up to the chain's ceiling, after relay.replaceAfterBlocks blocks) or cancel it (a 0-value transfer to the relayer itself at the same nonce, when the call would now revert). */
        RelayReplaceInput: {
            plan: components["schemas"]["RelayPlan"];
            /** @description The worker secret RELAYER_KEY. */
            relayerKey: string;
            transaction: {
                /** @enum {unknown} */
                purpose: "authorization" | "funding" | "refund";
                nonce: number;
                /** @description The latest attempt's, in wei. */
                maxFeePerGas: string;
                /** @description The latest attempt's, in wei. */
                maxPriorityFeePerGas: string;
                /** @description The latest attempt is the 0-value transfer filling the nonce. */
                cancelling: boolean;
                /** @description The node holds one of its attempts. */
                known: boolean;
                /** @description Blocks since the latest attempt was sent. */
                blocksWaited: number;
            };
            /** @description The relayer account's transaction count at the latest block, read before the receipts were looked for. */
            minedNonce: number;
            baseFeePerGas: components["schemas"]["HexQuantity"] | null;
            priorityFeeSuggestion: components["schemas"]["HexQuantity"] | null;
            /** @description The verdict of simulating the job's calls from this one on at the latest block, after an answer simulate; else null. */
            simulation: null | {
                /** @constant */
                ok: true;
            } | {
                error: string;
            };
        };
        RelayReplaceAnswer: {
            /** @enum {unknown} */
            action: "wait" | "fail" | "simulate" | "rebroadcast" | "replace" | "cancel";
            detail: string | null;
            /** @description The new signed attempt (replace, cancel): stored before it is broadcast. */
            transaction: {
                /** @enum {unknown} */
                purpose: "authorization" | "funding" | "refund";
                /** @enum {unknown} */
                kind: "replacement" | "cancel";
                to: components["schemas"]["EvmAddress"];
                nonce: number;
                hash: components["schemas"]["Hash32"];
                raw: components["schemas"]["HexBytes"];
                maxFeePerGas: string;
                maxPriorityFeePerGas: string;
            } | null;
        };
        /** @description Op "sponsorshipAdmission": Whether the partner's sponsorship still pays for one more relayed funding on the plan's chain today: admitted while the partner's spending of the UTC day (settled jobs at their receipts' gas used x effective gas price plus an OP-stack chain's l1Fee, unsettled ones at their gas limits x the chain's fee ceiling, plus the chain's L1 data fee allowance) is below its daily gas budget and the funder's relayed fundings of the day are below its limit (partners.json sponsorship, defaults in service.json relay.sponsorship); beyond either, 429 sponsorship-exhausted (the detail names the limit) with Retry-After until the next UTC day and the RateLimit-* headers of that limit. A plain-transfer plan (a deposit address already paid by transfers) is refused by a spent budget like any other (its address holds it and asks again later), not by the funder limit (its funder is the address's refund recipient). */
        SponsorshipAdmissionInput: {
            plan: components["schemas"]["RelayPlan"];
            /** @description The slug of the partner whose sponsorship pays: the key's partner, or the deposit address's. */
            partner: string;
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
            /** @description The partner's stored rows on the plan's chain, one per admitted job; rows of other days are not counted. */
            rows: {
                /** @description The UTC day the job was admitted (Unix seconds / 86400). */
                day: number;
                funder: components["schemas"]["EvmAddress"];
                holdWei: components["schemas"]["Amount"];
                settled: boolean;
                receipts: {
                    gasUsed: string;
                    /** @description null: the node reported none; the job then counts at its holdWei. */
                    effectiveGasPrice: string | null;
                    /** @description An OP-stack chain's (Base, Optimism) fee for the transaction's L1 data, as its receipt reports it (hex wei), counted on top of gas used x effective gas price; absent or null where the chain charges none. */
                    l1Fee?: string | null;
                }[];
            }[];
        };
        SponsorshipAdmissionAnswer: {
            day: number;
            funder: components["schemas"]["EvmAddress"];
            /** @description What the job counts until it settles: its gas limits x the chain's fee ceiling, plus the chain's L1 data fee allowance (service.json relay.l1DataFeeAllowanceWei) where it has one. */
            holdWei: components["schemas"]["Amount"];
            budget: {
                limitWei: components["schemas"]["Amount"];
                spentWei: components["schemas"]["Amount"];
            };
            fundings: {
                limit: number;
                used: number;
            };
        };
        /** @description Op "relayerStep": The relayer object's decisions, one event at a time: relaying a job (its key, preparing, landing, recording each receipt; waiting for a receipt; a node's refusal of a send) and the chain's store of relayed fundings (an admission, a preflight verdict, a settled job's release, a mined receipt's cost): the next state, the rows to write, the effect to perform and the reply. */
        RelayerStepInput: {
            /** @description The relay's progress ({jobId, chainId, account, pinned, stored} and what the call added); {nonce} while waiting for a receipt; for the chain's store, {sponsorship}: every row's {jobId, day, settled} (admitted, simulated), or the job's row {receipts} or null (release, receiptMined). For route and held, {jobId, chainId}. */
            state: Record<string, never>;
            /** @description relay {keyFound}; prepared {result}; landed {result}; recorded {failed}; polled {used, found}; sendRefused {message}; admitted {jobId, partner, admission}; simulated {verdict, reservation, admission?: the sponsorship admission again, judged with the verdict}; release {jobId} (reply {mined}: the job's mined transactions, null without a row); receiptMined {jobId, hash, receipt}; reserve {jobId, reservation} (a reorganised job holds its funder's balance again); route {endpoint, keyed, pinned, pinnedKeyFound}; held {address, holds}. */
            event: {
                /** @enum {unknown} */
                kind: "relay" | "prepared" | "landed" | "recorded" | "polled" | "sendRefused" | "admitted" | "simulated" | "release" | "receiptMined" | "reserve" | "route" | "held";
            };
        };
        RelayerStepAnswer: {
            /** @description The relay's progress, carried by the call to its next event (never stored). */
            state: Record<string, never>;
            writes: components["schemas"]["StepWrite"][];
            /** @description At most one: its result is the next event. None: the step is over and `reply` is the answer. */
            effects: components["schemas"]["StepEffect"][];
            /** @description When the object wakes next (null: the alarm is left as it is). */
            alarmAt: components["schemas"]["UnixSeconds"] | null;
            /** @description What the object answers once no effect is left (null while one is). */
            reply: unknown;
        };
        /** @description Op "depositSolverRequests": The remote solver requests for a deposit-address request. */
        DepositSolverRequestsInput: {
            /** @description The DepositAddressRequest, exactly as the client sent it (any JSON): the core validates it and answers 400 naming each wrong field. */
            body: unknown;
            /** @description The slug of a partner with deposit addresses. */
            partner: string;
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
        };
        DepositSolverRequestsAnswer: components["schemas"]["SolverRequests"];
        /** @description Op "depositCreate": A deposit address: the vault of a quoted direct intent, accepting funding until its deadline. */
        DepositCreateInput: {
            /** @description The DepositAddressRequest, exactly as the client sent it (any JSON): the core validates it and answers 400 naming each wrong field. */
            body: unknown;
            /** @description The slug of a partner with deposit addresses. */
            partner: string;
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
            /** @description Fresh random bytes from the worker (the core has no randomness): ids, salts, secrets derive from them. */
            random: components["schemas"]["RandomHex"];
            solverAnswers?: components["schemas"]["SolverAnswers"];
            /** @description The chains whose Portal confirmed the vault derivation (vaultDerivationVerdict), as the worker remembers them. */
            confirmedChains: components["schemas"]["ChainId"][];
        };
        DepositCreateAnswer: components["schemas"]["StoredDeposit"];
        /** @description One registration: the address's intent, as the one direct intent of its quote id. */
        DepositCreateRegistrations: components["schemas"]["Registration"][];
        /** @description Op "depositSubmitVerify": Proves a deposit address's funding (ERC-3009, EIP-2612, or the confirmed transfers) before a job is created. */
        DepositSubmitVerifyInput: {
            /** @enum {string} */
            standard: "erc-3009" | "erc-2612" | "transfer";
            /** @description The submit body {vaultAddress, authorization|permit, signature} (unused for transfer), exactly as the client sent it (any JSON): the core validates it and answers 400 naming each wrong field. */
            body?: unknown;
            deposit: components["schemas"]["StoredDeposit"];
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
            /** @description The chains whose Portal confirmed the vault derivation (vaultDerivationVerdict), as the worker remembers them. */
            confirmedChains?: components["schemas"]["ChainId"][];
        };
        DepositSubmitVerifyAnswer: components["schemas"]["FundingVerified"];
        /** @description Op "depositStatus": A deposit address's status and its stored record as listed. */
        DepositStatusInput: {
            deposit: components["schemas"]["StoredDeposit"];
            job?: components["schemas"]["GaslessJob"] | null;
            transfers?: components["schemas"]["Transfer"][];
            intentStatus?: components["schemas"]["IntentStatus"] | null;
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
            /** @description The address's archived jobs: those that failed with none of their transactions mined (the record's attempts). */
            attempts?: components["schemas"]["GaslessJob"][];
        };
        DepositStatusAnswer: {
            status: components["schemas"]["DepositStatus"];
            record: components["schemas"]["DepositAddressRecord"];
        };
        /** @description Op "depositVault": The vault a client's vaultAddress names (the vault's Durable Object name and index key); given the vault's stored owner, whether the gateway's partner may see it (404 otherwise, as for a vault never created). */
        DepositVaultInput: {
            /** @description The vaultAddress query value or body member: the raw text the client sent, or null when absent; the core validates it. */
            vaultAddress?: string | null;
            /** @description The gateway's partner slug; required with owner. */
            partner?: string;
            /** @description The vault's owner as the deposit index or the vault's record holds it (partner:<slug>), or null when neither has the vault. */
            owner?: string | null;
        };
        DepositVaultAnswer: {
            /** @description Lowercase 0x-hex. */
            vault: string;
        };
        /** @description Op "routeDepositTransfers": The ERC-20 Transfer logs into watched deposit vaults, by vault, and the vaults a range is due to. */
        RouteDepositTransfersInput: {
            chainId: components["schemas"]["ChainId"];
            logs: components["schemas"]["EthLog"][];
            deposits: components["schemas"]["WatchedDeposit"][];
            /** @description The range's last block: with it, the answer's due names the vaults to hand the range to. */
            toBlock?: number;
        };
        RouteDepositTransfersAnswer: {
            byVault: {
                [key: string]: components["schemas"]["Transfer"][];
            };
            ignored: components["schemas"]["IgnoredLog"][];
            /** @description The vaults, lowercase, whose objects the range is handed to: those with transfers in it and those whose recheckFrom toBlock reaches (none without toBlock). */
            due: string[];
        };
        /** @description Op "depositObserve": A delivery of transfers into a deposit vault folded into what the vault holds: funded, waiting or expired. */
        DepositObserveInput: {
            deposit: components["schemas"]["StoredDeposit"];
            /** @description What the vault's object held. */
            transfers: components["schemas"]["Transfer"][];
            delivery: {
                fromBlock: components["schemas"]["BlockNumber"];
                toBlock: components["schemas"]["BlockNumber"];
                transfers: components["schemas"]["Transfer"][];
            };
            confirmations: number;
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
        };
        DepositObserveAnswer: {
            transfers: components["schemas"]["Transfer"][];
            /** @enum {string} */
            state: "funded" | "waiting" | "expired";
            received: components["schemas"]["Amount"];
            confirmed: components["schemas"]["Amount"];
            recheckFrom: components["schemas"]["BlockNumber"] | null;
        };
        /** @description Op "depositAddressStep": A deposit address's object's decisions, one event at a time: creating it (its vault watched first), its retention and removal, its cap slots released when funded and held again when its job is archived, and covering transfers becoming its one funding job (sponsorship admission, the job's submit, whether another job of the quote still holds it): the rows to write, the effect to perform, the alarm and the reply. */
        DepositAddressStepInput: {
            /** @description The object's rows, loaded afresh for every event, and the conversation's context. */
            state: {
                /** @description The stored address {owner, record, intent, transfers, attempts}, or null. */
                deposit: unknown;
                /** @description Names of the cap slots the address holds. */
                holds: string[];
                /** @description Names of the slots its funding released. */
                released: string[];
                funded: boolean;
                /** @description Until when a transfer funding is held by its partner's spent sponsorship budget. */
                heldUntil: components["schemas"]["UnixSeconds"] | null;
                /** @description The worker's clock: Unix seconds (the core has none). */
                now: components["schemas"]["UnixSeconds"];
                /** @description Deployment settings; 30 days and 1 hour when absent. */
                retention?: {
                    fundedSec?: number;
                    graceSec?: number;
                };
                /** @description The previous answer's state.context, handed back with the event that answers its effect. */
                context?: Record<string, never>;
            };
            /** @description started {alarmSet}; alarm; create {owner, record, intent, holds}; funded; archive {job}; observe {delivery, confirmations} (the chain reader's); and the results of effects: watched, unindexed, holdsReleased, heldAgain, deleted, jobRead {exists}, admitted {answer} | {thrown}, jobSubmitted {stored: {outcome, job}} | {thrown}, released. */
            event: {
                /** @enum {unknown} */
                kind: "started" | "alarm" | "unindexed" | "holdsReleased" | "deleted" | "create" | "watched" | "funded" | "archive" | "heldAgain" | "observe" | "jobRead" | "admitted" | "jobSubmitted" | "released";
            };
        };
        DepositAddressStepAnswer: {
            /** @description {context?}: handed back with the next event (never stored). */
            state: Record<string, never>;
            writes: components["schemas"]["StepWrite"][];
            /** @description At most one (watch, unindex, releaseHolds, holdAgain, deleteAll, readJob, admit, submitJob, release): its result is the next event. None: `reply` answers. */
            effects: components["schemas"]["StepEffect"][];
            /** @description Unix milliseconds to set the object's alarm to (null: left as it is). */
            alarmAt: number | null;
            /** @description What the call answers once no effect is left: create the address; observe {state: funded | waiting | expired | refused | unknown, recheckFrom} or {error} (the driver throws, so the range is delivered again); else null. */
            reply: unknown;
            /** @description What happened, as JSON lines to print. */
            logs: {
                /** @enum {unknown} */
                level: "log" | "error";
                line: Record<string, never>;
            }[];
        };
        /** @description Op "depositAdmission": Whether one more unfunded deposit address may be handed out: admitted while the open, unfunded addresses of its partner, of its client network and, for an IPv6 client, of its /48 (this one included) are within their caps (10000 per partner, 100 per client network, 16 times that per /48, or the deployment's); beyond any, 429 deposit-quota-exceeded with Retry-After until the earliest counted address passes its deadline and the RateLimit-* headers. */
        DepositAdmissionInput: {
            /** @description The partner's open, unfunded addresses (DEPOSITS_UNFUNDED_PER_PARTNER). */
            partner: components["schemas"]["UnfundedCount"];
            /** @description The client network's open, unfunded addresses (DEPOSITS_UNFUNDED_PER_CLIENT). */
            network: components["schemas"]["UnfundedCount"];
            /** @description The open, unfunded addresses of an IPv6 client's /48 (the aggregate of op clientNetwork); its cap defaults to the network's times aggregateFactor. Absent or null for any other client. */
            aggregate?: components["schemas"]["UnfundedCount"] | null;
            /** @description How many times a client network's cap its IPv6 /48's is (KEYLESS_AGGREGATE_FACTOR), or null for the default 16. */
            aggregateFactor?: number | null;
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
        };
        DepositAdmissionAnswer: {
            partner: {
                cap: number;
                remaining: number;
            };
            network: {
                cap: number;
                remaining: number;
            };
            /** @description The /48's count, when one was given. */
            aggregate?: {
                cap: number;
                remaining: number;
            };
        };
        /** @description Op "webhookCreate": A new webhook endpoint with its secret, or the host name to resolve first; 409 when the key has 16 endpoints already. */
        WebhookCreateInput: {
            /** @description The WebhookCreateRequest, exactly as the client sent it (any JSON): the core validates it and answers 400 naming each wrong field. */
            body: unknown;
            /** @description Fresh random bytes from the worker (the core has no randomness): ids, salts, secrets derive from them. */
            random: components["schemas"]["RandomHex"];
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
            addresses?: components["schemas"]["WebhookTargetAddresses"];
            /** @description How many endpoints the key has already; at 16 the answer is 409 conflict. */
            existing?: number;
        };
        WebhookCreateAnswer: components["schemas"]["WebhookEndpointCreated"] | {
            /** @description The host name to resolve; ask again with addresses. */
            resolve: string;
        };
        /** @description Op "webhookTarget": Whether a webhook message may be sent now and where to: its key may still receive, and its URL passes the creation rules at delivery time; answers the checked address to connect to. */
        WebhookTargetInput: {
            url: string;
            /** @description The API key whose endpoint this is; null (a queue that never recorded its key) is cancelled like a revoked key. */
            keyId: string | null;
            addresses?: components["schemas"]["WebhookTargetAddresses"];
        };
        WebhookTargetAnswer: {
            /** @constant */
            ok: true;
            /** @description The IP address to open the connection to: the URL's literal address, else the first of the addresses just checked (never resolve the name again). */
            connect: string;
        } | {
            /** @constant */
            ok: false;
            reason: string;
        } | {
            /** @constant */
            ok: false;
            /** @description The host name to resolve; ask again with addresses. */
            resolve: string;
        } | {
            /** @constant */
            ok: false;
            /**
             * @description The endpoint's key is revoked, unconfigured, not v1-enabled or not partner-mapped: cancel the message, send nothing.
             * @constant
             */
            cancel: true;
            reason: string;
        };
        /** @description Op "webhookEvents": The deliveries a status change makes, one per subscribed endpoint. */
        WebhookEventsInput: {
            endpoints: {
                id: string;
                events: string[];
                /** @description The API key the endpoint belongs to: a revoked or unconfigured key's endpoints get no deliveries. */
                keyId?: string;
            }[];
            before?: components["schemas"]["IntentStatus"] | null;
            after: components["schemas"]["IntentStatus"];
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
        };
        WebhookEventsAnswer: {
            deliveries: {
                endpointId: string;
                /** @description msg:<24 hex> */
                messageId: string;
                /** @constant */
                eventType: "intent.status";
                intentHash: components["schemas"]["Hash32"];
                status: components["schemas"]["IntentStatusValue"];
                /** @description The exact JSON text to sign and send: a WebhookPayload. */
                payload: string;
            }[];
        };
        /** @description Op "webhookRetry": When to try a failed delivery again, or null to give up. */
        WebhookRetryInput: {
            attempts: number;
            firstAttemptAt: components["schemas"]["UnixSeconds"];
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
        };
        WebhookRetryAnswer: {
            retryAt: components["schemas"]["UnixSeconds"] | null;
        };
        /** @description Op "webhookKeys": Whose endpoint stores a key manages: its own and every other key of its partner, revoked ones included (endpoints are the partner's). */
        WebhookKeysInput: {
            key: components["schemas"]["KeyRecord"];
        };
        WebhookKeysAnswer: {
            /** @description The key's own id first. */
            keyIds: string[];
        };
        /** @description Op "webhookDeliveryStep": One webhook endpoint's delivery queue's decisions, one event at a time: when its alarm fires, which finished messages its retention deletes (7 days), which messages are due (per intent, after the one before it finished), what the endpoint's check at each attempt means (resolve the host, cancel every pending message of a key that may no longer receive, fail the attempt, or send to the checked address), what a receiver's answer means (a 2xx is delivered; anything else, or none, is tried again at webhookRetry's time or given up), when the alarm wakes next; and the deliveries listing. */
        WebhookDeliveryStepInput: {
            /** @description The queue's rows the event concerns (nowMs, target, heads or pending, finished, finishedCount, keepSec?); for list, nothing. */
            state: {
                /** @description Unix milliseconds. */
                nowMs?: number;
                /** @description The endpoint's URL and key; null when the endpoint was deleted (nothing is sent). */
                target?: null | {
                    url: string;
                    keyId: string | null;
                };
                /** @description The oldest pending message of each intent, by seq. */
                heads?: {
                    seq: number | null;
                    id: string;
                    attempts: number;
                    firstAttemptAt: number | null;
                    nextAt: number;
                    /** @description next_at of the intent's following pending message, or null. */
                    then: number | null;
                }[];
                /** @description Instead of heads: every pending message, by seq; the core finds each intent's oldest (the head) and the next one's nextAt (its then). */
                pending?: {
                    seq: number;
                    id: string;
                    intentHash: string;
                    attempts: number;
                    firstAttemptAt: number | null;
                    nextAt: number;
                }[];
                /** @description The oldest finished (delivered, failed, cancelled) messages, oldest first, at most a batch; at: when each finished. */
                finished?: {
                    seq: number;
                    at: number;
                }[];
                /** @description How many finished messages the queue holds in all. */
                finishedCount?: number;
                /** @description How long finished messages are kept. Default 7 days. */
                keepSec?: number;
                /** @description The attempt under way (carried from an answer's state): {at, seqs}. */
                attempt?: Record<string, never>;
            };
            /** @description alarm; resolved {addresses: [ip]} or {thrown}; sent {results: [{seq, statusCode} | {seq, thrown}]}; start (an object holding messages and no alarm); list {rows: the message rows, newest first}. */
            event: {
                /** @enum {unknown} */
                kind: "alarm" | "resolved" | "sent" | "start" | "list";
            };
        };
        WebhookDeliveryStepAnswer: {
            /** @description The state for the next event. */
            state: Record<string, never>;
            /** @description Rows of table message: set by seq, cancelled where state is pending, deleted by seq. */
            writes: components["schemas"]["StepWrite"][];
            /** @description At most one: resolve {host}, or send {connect, at: the attempt's Unix seconds (webhook-timestamp), messages: [{seq, id}]}; its result is the next event. None: the alarm is over. */
            effects: components["schemas"]["StepEffect"][];
            /** @description Unix milliseconds to set the object's alarm to (null: left as it is). */
            alarmAt: number | null;
            /** @description null, but for list: the deliveries as GET /v1/webhooks/{id}/deliveries lists them. */
            reply: null | components["schemas"]["WebhookDelivery"][];
            logs: {
                /** @enum {unknown} */
                level: "log" | "error";
                line: Record<string, never>;
            }[];
        };
        /** @description Op "legacyExactIn": Legacy v3 exact-in quotes (POST /api/v3/quotes/exactIn), one entry per solver. */
        LegacyExactInInput: {
            /** @description The LegacyQuoteRequest, exactly as the client sent it (any JSON): the core validates it and answers 400 naming each wrong field. */
            body: unknown;
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
            /** @description Fresh random bytes from the worker (the core has no randomness): ids, salts, secrets derive from them. */
            random: components["schemas"]["RandomHex"];
        };
        LegacyExactInAnswer: components["schemas"]["LegacyQuoteResponse"];
        /** @description Op "legacyExactOut": Legacy v3 exact-out quotes (POST /api/v3/quotes/exactOut), one entry per solver. */
        LegacyExactOutInput: {
            /** @description The LegacyQuoteRequest, exactly as the client sent it (any JSON): the core validates it and answers 400 naming each wrong field. */
            body: unknown;
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
            /** @description Fresh random bytes from the worker (the core has no randomness): ids, salts, secrets derive from them. */
            random: components["schemas"]["RandomHex"];
        };
        LegacyExactOutAnswer: components["schemas"]["LegacyQuoteResponse"];
        /** @description Op "legacySolverRequests": The remote solvers to ask for a legacy v3 quote request, as solverRequests answers them for the v1 request it stands for; the worker passes their answers to legacyExactIn or legacyExactOut with the same now. */
        LegacySolverRequestsInput: {
            /** @description The legacy v3 quote request as received. */
            body: unknown;
            /** @enum {unknown} */
            kind: "exactIn" | "exactOut";
            /** @description The worker's clock; the same value goes to legacyExactIn or legacyExactOut. */
            now: components["schemas"]["UnixSeconds"];
        };
        LegacySolverRequestsAnswer: components["schemas"]["SolverRequests"];
        /** @description Op "legacyIntentStatus": The legacy v3 status envelope of a stored record (POST /api/v3/intents/intentStatus). */
        LegacyIntentStatusInput: {
            /** @description The LegacyIntentStatusRequest, exactly as the client sent it (any JSON): the core validates it and answers 400 naming each wrong field. */
            body: unknown;
            record?: components["schemas"]["IntentRecord"] | null;
            /** @description The worker's clock: Unix seconds (the core has none). */
            now: components["schemas"]["UnixSeconds"];
            chainTimes?: components["schemas"]["ChainTimes"];
        };
        LegacyIntentStatusAnswer: components["schemas"]["LegacyIntentStatusResponse"];
        /** @description Op "operatorStatus": GET /internal/status: per EVM chain its reader (head, cursor, lag), its endpoints' health by origin, and each relayer account's balance against the chain's floor with its open jobs; every alert, one line each. */
        OperatorStatusInput: {
            now: components["schemas"]["UnixSeconds"];
            chains: {
                /** @description A configured EVM chain. */
                chainId: components["schemas"]["ChainId"];
                reader?: {
                    head?: number | null;
                    cursor?: number | null;
                    finalized?: number | null;
                    /** @description Unix seconds of the last round that read the head. */
                    polledAt?: number | null;
                    lastError?: string | null;
                } | null;
                providers?: {
                    url: string;
                    coolingDownForMs?: number;
                    failures?: number;
                }[];
                relayers?: {
                    address: components["schemas"]["EvmAddress"];
                    balanceWei?: string | null;
                    balanceError?: string | null;
                    /** @description Jobs the account has signed and not settled. */
                    openJobs?: number | null;
                }[];
            }[];
        };
        OperatorStatusAnswer: {
            generatedAt: components["schemas"]["UnixSeconds"];
            /** @description No alert. */
            healthy: boolean;
            chains: components["schemas"]["OperatorChainStatus"][];
            alerts: string[];
        };
        /**
         * @description EVM address (0x + 40 hex, EIP-55 checksummed in responses) or Solana base58 public key.
         * @example 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48
         */
        Address: string;
        /**
         * @description Decimal integer in the token's smallest unit.
         * @example 1000000
         */
        Amount: string;
        /** @description A destination call; value in base units of the native currency. */
        Call: {
            target: components["schemas"]["Address"];
            data: components["schemas"]["HexBytes"];
            value: components["schemas"]["Amount"];
        };
        /** @description Chain id (EVM chain id; Solana uses the configured id). */
        ChainId: number;
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
        DepositAddressRecord: components["schemas"]["DepositAddress"] & {
            /** @description As in DepositStatus. */
            status: string;
            job: components["schemas"]["GaslessJob"] | null;
            intentStatus: components["schemas"]["IntentStatus"] | null;
            /** @description Funding jobs of this address that failed with none of their transactions mined, oldest first. Such a job never holds the address: it stays open to a new submit (202) and to transfers until a funding of it is final, and `job` is the latest job (null once a failed one is archived here). */
            attempts: components["schemas"]["GaslessJob"][];
        };
        DepositStatus: {
            vaultAddress: components["schemas"]["EvmAddress"];
            /** @description The intent's status (IntentStatusValue) once chain events report it; before that awaiting-funding, partially-funded (transfers into the address seen that do not cover the amount at the confirmation depth yet: below it, or not yet confirmed), funding-submitted (a funding job exists: a submitted authorization, or transfers that covered the amount once confirmed), funding-failed (the funding job failed) or expired (the deadline passed unfunded). */
            status: components["schemas"]["IntentStatusValue"] | ("awaiting-funding" | "partially-funded" | "funding-submitted" | "funding-failed");
            deadline: components["schemas"]["UnixSeconds"];
            intentHash: components["schemas"]["Hash32"];
            transactions: components["schemas"]["IntentStatusTransactions"];
        };
        /** @description EVM address, 0x + 40 hex digits; EIP-55 checksummed in responses. */
        EvmAddress: string;
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
        FeeToken: {
            chainId: components["schemas"]["ChainId"];
            address: components["schemas"]["Address"];
            /** @description Symbol. */
            symbol: string;
            /** @description Decimals. */
            decimals: number;
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
        /** @description 32-byte hash, lowercase 0x-hex in responses. */
        Hash32: string;
        /** @description 0x-prefixed hex bytes. */
        HexBytes: string;
        /** @description Decoded intent; intentHash = keccak256(uint64 destination ‖ keccak256(encodedRoute) ‖ keccak256(abi.encode(reward)). */
        Intent: {
            destination: components["schemas"]["ChainId"];
            route: components["schemas"]["Route"];
            reward: components["schemas"]["Reward"];
        };
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
        /** @description Defaults are used when omitted. */
        LegacyContracts: {
            sourcePortal?: components["schemas"]["EvmAddress"];
            destinationPortal?: components["schemas"]["EvmAddress"];
            prover?: components["schemas"]["EvmAddress"];
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
        LegacyTransaction: {
            chainId: components["schemas"]["ChainId"];
            /** @description Transaction hash. */
            transactionHash: string;
            /** @description Explorer link; "" on a chain without an explorer. */
            blockExplorerUrl: string;
        };
        NativeCurrency: {
            /** @description Symbol. */
            symbol: string;
            /** @description Decimals. */
            decimals: number;
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
        /** @description Source side of an intent; creator receives refunds (the refund recipient). */
        Reward: {
            /** @description Unix seconds: from this source block time on, the creator may refund. */
            deadline: components["schemas"]["Uint64"];
            creator: components["schemas"]["Address"];
            prover: components["schemas"]["Address"];
            nativeAmount: components["schemas"]["Amount"];
            tokens: components["schemas"]["TokenAmount"][];
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
        Solver: {
            /** @description Solver id. */
            id: string;
            /** @description Solver name. */
            name: string;
        };
        Step: {
            /** @description Who executes this leg. */
            provider: string;
            intents: components["schemas"]["StepIntent"][];
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
        TokenAmount: {
            token: components["schemas"]["Address"];
            amount: components["schemas"]["Amount"];
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
        Transaction: components["schemas"]["EvmTransaction"] | components["schemas"]["SvmTransaction"];
        TransactionRef: {
            chainId: components["schemas"]["ChainId"];
            /** @description Transaction hash or signature. */
            transactionHash: string;
            /** @description Block or slot; null only for the funding transaction a deposit address's relayer sent, until a chain event reports the intent. */
            blockNumber: number | null;
            /** @description <chain blockExplorerUrl>/tx/<hash>; null on chains without an explorer (development chains). */
            blockExplorerUrl: string | null;
        };
        /** @description An unsigned 64-bit integer: a JSON number up to 2^53 - 1 (exact in every JSON reader), a decimal string above. */
        Uint64: number | string;
        /** @description Unix time, seconds. */
        UnixSeconds: number;
        /**
         * Format: uuid
         * @description UUID.
         */
        Uuid: string;
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
        /**
         * @description intent.status: the intent's status changed (the first status known counts as a change). The one event type.
         * @enum {string}
         */
        WebhookEventType: "intent.status";
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;

type schemas = components["schemas"];

/** Every op of the core's door (src/service/op_table.h): its input and the body of its 2xx answer. */
export interface CoreOps {
    /** The chain catalogue, each chain with whether its Portal confirmed the vault derivation. (area chain; non-2xx: none) */
    chains: { input: schemas["ChainsInput"]; answer: schemas["ChainsAnswer"] };
    /** The configured tokens, of every chain or of one (GET /v1/tokens?chainId=). (area chain; non-2xx: 400, 422) */
    tokens: { input: schemas["TokensInput"]; answer: schemas["TokensAnswer"] };
    /** The eth_call to send to each EVM chain's Portal to check the configured vault derivation. (area chain; non-2xx: none) */
    vaultDerivationProbes: { input: schemas["VaultDerivationProbesInput"]; answer: schemas["VaultDerivationProbesAnswer"] };
    /** Whether a Portal's answer to the probe confirms the vault derivation. (area chain; non-2xx: none) */
    vaultDerivationVerdict: { input: schemas["VaultDerivationVerdictInput"]; answer: schemas["VaultDerivationVerdictAnswer"] };
    /** Whether an API key may use a family of endpoints: gasless (a configured partner and the gasless feature), quotes or all-quotes (the feature), webhooks (a configured partner: the endpoints are the partner's). (area keys; non-2xx: 403) */
    authorizeKey: { input: schemas["AuthorizeKeyInput"]; answer: schemas["AuthorizeKeyAnswer"] };
    /** Which client network a keyless request counts against: an IPv4 address, an IPv6 /64 whatever the spelling (an IPv4-mapped IPv6 address is its IPv4 address), or the shared network unknown for an absent or unparseable address; an IPv6 network also counts against its /48. (area keys; non-2xx: none) */
    clientNetwork: { input: schemas["ClientNetworkInput"]; answer: schemas["ClientNetworkAnswer"] };
    /** Whether a caller (an API key, or the client network of a keyless request) may open one more status stream: admitted while its open streams, this one included, are at most its cap (100 per key, 10 per client network, or the deployment's) and, for an IPv6 client, its /48's at most the factor (16) times that; beyond, 429 rate-limited with Retry-After and the RateLimit-* headers. (area keys; non-2xx: 429) */
    streamAdmission: { input: schemas["StreamAdmissionInput"]; answer: schemas["StreamAdmissionAnswer"] };
    /** A token bucket's withdrawal (what it grants, leases and holds; when a refused caller may try again) or which buckets are idle (limits/rate-limiter.js). (area keys; non-2xx: none) */
    rateBucket: { input: schemas["RateBucketInput"]; answer: schemas["RateBucketAnswer"] };
    /** Whether one more keyless submit to a partner's deposit addresses may be checked now in this isolate: admitted while the partner's submits being checked, this one included, are at most the cap (1, or the deployment's KEYLESS_SUBMITS_AT_ONCE), a check started 30 s ago or more no longer counting (named in expired, for the worker to forget); beyond, 429 rate-limited with Retry-After and the RateLimit-* headers (limits/submit-gate.js). (area keys; non-2xx: 429) */
    submitAdmission: { input: schemas["SubmitAdmissionInput"]; answer: schemas["SubmitAdmissionAnswer"] };
    /** The requests to POST to remote solvers for a quote request, after validating it as quote does. (area quotes; non-2xx: 400, 403, 422) */
    solverRequests: { input: schemas["SolverRequestsInput"]; answer: schemas["SolverRequestsAnswer"] };
    /** The complete, signed Quote for a request (POST /v1/quotes), with the records to store for its intents. (area quotes; non-2xx: 400, 403, 422, 502) */
    quote: { input: schemas["QuoteInput"]; answer: schemas["QuoteAnswer"] };
    /** Each EVM transaction's gas from one chained simulation of its quote's calls (eth_simulateV1): what each call used plus 30%, gasEstimated true, for a quote whose calls all succeeded, as members to set at pointers of the quote body; nothing for the others, which keep the configured bounds (src/service/quotes/quote_gas.h). (area quotes; non-2xx: none) */
    quoteGas: { input: schemas["QuoteGasInput"]; answer: schemas["QuoteGasAnswer"] };
    /** Which usage rows of a dappId label the attribution counter keeps: counts per endpoint and UTC day, a day kept 90 days (today included) for past reporting, then deleted. (area quotes; non-2xx: none) */
    attributionRetention: { input: schemas["AttributionRetentionInput"]; answer: schemas["AttributionRetentionAnswer"] };
    /** The records to store for every intent of a quote, merged into those already stored. (area status; non-2xx: none) */
    registerQuote: { input: schemas["RegisterQuoteInput"]; answer: schemas["RegisterQuoteAnswer"] };
    /** A registration merged into the record chain events created first. (area status; non-2xx: none) */
    mergeRegistration: { input: schemas["MergeRegistrationInput"]; answer: schemas["MergeRegistrationAnswer"] };
    /** Which intent each Portal or prover log concerns, so the worker hands it to the object holding the record. (area status; non-2xx: 400, 422) */
    routeLogs: { input: schemas["RouteLogsInput"]; answer: schemas["RouteLogsAnswer"] };
    /** Portal and prover logs folded into the records of registered intents; only records that changed are answered. (area status; non-2xx: 400, 422) */
    applyLogs: { input: schemas["ApplyLogsInput"]; answer: schemas["ApplyLogsAnswer"] };
    /** The v1 IntentStatus of a stored record (GET /v1/intents/status, by intent hash, quote id or transaction hash), or unknown; for a stream, 404 without a record (no stream opens). (area status; non-2xx: 400, 404) */
    intentStatus: { input: schemas["IntentStatusInput"]; answer: schemas["IntentStatusAnswer"] };
    /** What a watcher of a stored intent needs in one answer (the intent shard's webhook alarm): the v1 IntentStatus now, when to look again without a chain event (the second after the route deadline, or the reward deadline, whichever is ahead, each by its own chain's clock and answered on the worker's; null when time alone can no longer change the status), and the refund the relayer sends itself now, or null (src/service/funding/refund_relay.h: refundable, registered by the service, an EVM source, an owner whose partner's sponsorship pays). (area status; non-2xx: none) */
    intentStatusCheck: { input: schemas["IntentStatusCheckInput"]; answer: schemas["IntentStatusCheckAnswer"] };
    /** When the intent index may delete each record: an hour after its later deadline when the chains never showed a transaction of it other than its publication (which moves no money), never otherwise. (area status; non-2xx: none) */
    recordRetention: { input: schemas["RecordRetentionInput"]; answer: schemas["RecordRetentionAnswer"] };
    /** When a shard may delete each quote-id row kept apart from its intent's record (a deposit address's quote id): with that record, by the recordRetention rule; at once when the record is gone; never while it holds a transaction. (area status; non-2xx: none) */
    quoteIdRetention: { input: schemas["QuoteIdRetentionInput"]; answer: schemas["QuoteIdRetentionAnswer"] };
    /** The intent shard's decisions, one event at a time: a registration (records merged and stored with their retention, the quote id and the webhook owner), chain logs (records changed, the transaction index, owned intents due for a webhook check), a live status stream's next event and its end, an owned intent's webhook status check (deliver a changed status, start the refund the relayer sends itself, when to check again), the retention of records past their time (a table of records by expiry hour dropped whole once past) and of quote-id rows kept apart from their records, bringing rows stored before their retention rule under it, and the next alarm: rows to write, effects to perform, when to wake and what to answer. (area status; non-2xx: none) */
    intentShardStep: { input: schemas["IntentShardStepInput"]; answer: schemas["IntentShardStepAnswer"] };
    /** Which block ranges of which chains the chain reader fetches next, with their eth_getLogs filters. The chains are the EVM chains with an endpoint: the configuration's rpcUrl (local chains), else rpcUrls; a chain with neither is not read. Each range re-reads a confirmation window for reorganisations. (area reader; non-2xx: none) */
    pollPlan: { input: schemas["PollPlanInput"]; answer: schemas["PollPlanAnswer"] };
    /** A chain reader's decisions in one polling round, one event at a time: whether the chain is read at all (a JSON-RPC endpoint), which blocks to read (head, anchor block 1, finalized), whether the chain was replaced (another block 1: the cursor resets) or the node lags behind the cursor (nothing moves), the ranges to read (op pollPlan) with the cursor each moves to once delivered, and the polling alarm (rounds one interval apart). (area reader; non-2xx: none) */
    chainReaderStep: { input: schemas["ChainReaderStepInput"]; answer: schemas["ChainReaderStepAnswer"] };
    /** Proves a gasless submit (Permit3, Permit2, ERC-3009) before the worker accepts it. (area funding; non-2xx: 400, 503) */
    gaslessVerify: { input: schemas["GaslessVerifyInput"]; answer: schemas["GaslessVerifyAnswer"] };
    /** The quote id a job id or quote id names (GET /v1/gasless/jobs/{id}, ?quoteId=); asked again with what that quote's object holds, the job if the key's partner owns it. (area funding; non-2xx: 400, 404) */
    gaslessJobLookup: { input: schemas["GaslessJobLookupInput"]; answer: schemas["GaslessJobLookupAnswer"] };
    /** A relay outcome or a receipt check applied to an accepted job or a published one not final yet: the next job, when to relay again, whether to check its receipt again. (area funding; non-2xx: none) */
    gaslessJobAdvance: { input: schemas["GaslessJobAdvanceInput"]; answer: schemas["GaslessJobAdvanceAnswer"] };
    /** When a gasless job's object may be deleted: 30 days after it finished (published or failed), never while accepted. Safe for exactly-once: a resubmitted payload meets an expired quote and a spent on-chain nonce. (area funding; non-2xx: none) */
    gaslessJobRetention: { input: schemas["GaslessJobRetentionInput"]; answer: schemas["GaslessJobRetentionAnswer"] };
    /** The gasless job object's decisions, one event at a time: when its alarm fires (relay or look at the receipt, apply the outcome, release the reservation, keep or delete the job: the rows to write, the effect to perform, when to wake and what to log), and a stored submit's HTTP answer (202, 200 or 409) with the release of a reservation its settled job no longer needs. (area funding; non-2xx: none) */
    gaslessJobStep: { input: schemas["GaslessJobStepInput"]; answer: schemas["GaslessJobStepAnswer"] };
    /** A verified gasless submit's way to its answer, one event at a time: the quote's job answers first; a quote without one is reserved in the chain's store (its preflight read the chain), a refused funding looks for the job once more, then is answered (429 with the limit's headers, the store's own refusal, or 422 after counting against a keyless client's work-creating bucket); the job stored and answered as op gaslessJobStep says, its reservation released when its job had settled, and a deposit address's new job releasing the address's cap slots. (area funding; non-2xx: none) */
    gaslessSubmitStep: { input: schemas["GaslessSubmitStepInput"]; answer: schemas["GaslessSubmitStepAnswer"] };
    /** A refund the relayer sends itself, started one event at a time (src/service/funding/refund_step.h): the intent's refund object read first (a running job is looked at again later, a final one ends the looking); a failed job replaced by the next generation only when none of its transactions was mined (the count its object recorded from the chain's store) and fewer than 3 were tried; each generation admitted under the partner's sponsorship budget, simulated, judged with the simulation's verdict, then stored (a replacement after the relayer forgot the failed job's transactions). The reply says when to look at the intent again. (area funding; non-2xx: none) */
    refundStep: { input: schemas["RefundStepInput"]; answer: schemas["RefundStepAnswer"] };
    /** The relayer's address. (area funding; non-2xx: none) */
    relayerAccount: { input: schemas["RelayerAccountInput"]; answer: schemas["RelayerAccountAnswer"] };
    /** Whether a relayer account may take a new job on a chain: its native balance against the chain's floor (relay.minRelayerBalanceWei). Below it the job waits (waitingFor relayer) and the worker logs relayer-below-floor. (area funding; non-2xx: none) */
    relayerFloor: { input: schemas["RelayerFloorInput"]; answer: schemas["RelayerFloorAnswer"] };
    /** The relayer's signed EIP-1559 transactions for a verified funding, in the order to broadcast. (area funding; non-2xx: none) */
    relayTransactions: { input: schemas["RelayTransactionsInput"]; answer: schemas["RelayTransactionsAnswer"] };
    /** The read-only calls that tell whether the relayer's transactions would succeed. (area funding; non-2xx: 422) */
    fundingPreflight: { input: schemas["FundingPreflightInput"]; answer: schemas["FundingPreflightAnswer"] };
    /** Whether the funding would succeed, judged from the preflight calls' answers. (area funding; non-2xx: 422) */
    fundingPreflightVerdict: { input: schemas["FundingPreflightVerdictInput"]; answer: schemas["FundingPreflightVerdictAnswer"] };
    /** Right before the relayer signs: the job's authorization windows checked against the chain's time with relay.windowMarginSec, and the job's calls (authorization, then funding) exactly as they will be signed, for the worker to simulate together against the pending state. (area funding; non-2xx: 422) */
    relaySimulation: { input: schemas["RelaySimulationInput"]; answer: schemas["RelaySimulationAnswer"] };
    /** Whether the simulated job would succeed: eth_simulateV1's results of the calls relaySimulation named, in order; a call that would revert fails the job with its reason. (area funding; non-2xx: 422) */
    relaySimulationVerdict: { input: schemas["RelaySimulationVerdictInput"]; answer: schemas["RelaySimulationVerdictAnswer"] };
    /** One of a job's signed transactions with no receipt under any of its attempts' hashes: wait, fail the job (its nonce taken by another transaction), simulate the remaining calls again, broadcast the same bytes again (dropped), replace it (same nonce and call, both fees raised at least 10% up to the chain's ceiling, after relay.replaceAfterBlocks blocks) or cancel it (a 0-value transfer to the relayer itself at the same nonce, when the call would now revert). (area funding; non-2xx: none) */
    relayReplace: { input: schemas["RelayReplaceInput"]; answer: schemas["RelayReplaceAnswer"] };
    /** Whether the partner's sponsorship still pays for one more relayed funding on the plan's chain today: admitted while the partner's spending of the UTC day (settled jobs at their receipts' gas used x effective gas price plus an OP-stack chain's l1Fee, unsettled ones at their gas limits x the chain's fee ceiling, plus the chain's L1 data fee allowance) is below its daily gas budget and the funder's relayed fundings of the day are below its limit (partners.json sponsorship, defaults in service.json relay.sponsorship); beyond either, 429 sponsorship-exhausted (the detail names the limit) with Retry-After until the next UTC day and the RateLimit-* headers of that limit. A plain-transfer plan (a deposit address already paid by transfers) is refused by a spent budget like any other (its address holds it and asks again later), not by the funder limit (its funder is the address's refund recipient). (area funding; non-2xx: 429) */
    sponsorshipAdmission: { input: schemas["SponsorshipAdmissionInput"]; answer: schemas["SponsorshipAdmissionAnswer"] };
    /** The relayer object's decisions, one event at a time: relaying a job (its key, preparing, landing, recording each receipt; waiting for a receipt; a node's refusal of a send) and the chain's store of relayed fundings (an admission, a preflight verdict, a settled job's release, a mined receipt's cost): the next state, the rows to write, the effect to perform and the reply. (area funding; non-2xx: none) */
    relayerStep: { input: schemas["RelayerStepInput"]; answer: schemas["RelayerStepAnswer"] };
    /** The remote solver requests for a deposit-address request. (area deposits; non-2xx: 400, 422) */
    depositSolverRequests: { input: schemas["DepositSolverRequestsInput"]; answer: schemas["DepositSolverRequestsAnswer"] };
    /** A deposit address: the vault of a quoted direct intent, accepting funding until its deadline. (area deposits; non-2xx: 400, 422, 502, 503) */
    depositCreate: { input: schemas["DepositCreateInput"]; answer: schemas["DepositCreateAnswer"] };
    /** Proves a deposit address's funding (ERC-3009, EIP-2612, or the confirmed transfers) before a job is created. (area deposits; non-2xx: 400, 409, 503) */
    depositSubmitVerify: { input: schemas["DepositSubmitVerifyInput"]; answer: schemas["DepositSubmitVerifyAnswer"] };
    /** A deposit address's status and its stored record as listed. (area deposits; non-2xx: none) */
    depositStatus: { input: schemas["DepositStatusInput"]; answer: schemas["DepositStatusAnswer"] };
    /** The vault a client's vaultAddress names (the vault's Durable Object name and index key); given the vault's stored owner, whether the gateway's partner may see it (404 otherwise, as for a vault never created). (area deposits; non-2xx: 400, 404) */
    depositVault: { input: schemas["DepositVaultInput"]; answer: schemas["DepositVaultAnswer"] };
    /** The ERC-20 Transfer logs into watched deposit vaults, by vault, and the vaults a range is due to. (area deposits; non-2xx: 400, 422) */
    routeDepositTransfers: { input: schemas["RouteDepositTransfersInput"]; answer: schemas["RouteDepositTransfersAnswer"] };
    /** A delivery of transfers into a deposit vault folded into what the vault holds: funded, waiting or expired. (area deposits; non-2xx: none) */
    depositObserve: { input: schemas["DepositObserveInput"]; answer: schemas["DepositObserveAnswer"] };
    /** A deposit address's object's decisions, one event at a time: creating it (its vault watched first), its retention and removal, its cap slots released when funded and held again when its job is archived, and covering transfers becoming its one funding job (sponsorship admission, the job's submit, whether another job of the quote still holds it): the rows to write, the effect to perform, the alarm and the reply. (area deposits; non-2xx: none) */
    depositAddressStep: { input: schemas["DepositAddressStepInput"]; answer: schemas["DepositAddressStepAnswer"] };
    /** Whether one more unfunded deposit address may be handed out: admitted while the open, unfunded addresses of its partner, of its client network and, for an IPv6 client, of its /48 (this one included) are within their caps (10000 per partner, 100 per client network, 16 times that per /48, or the deployment's); beyond any, 429 deposit-quota-exceeded with Retry-After until the earliest counted address passes its deadline and the RateLimit-* headers. (area deposits; non-2xx: 429) */
    depositAdmission: { input: schemas["DepositAdmissionInput"]; answer: schemas["DepositAdmissionAnswer"] };
    /** A new webhook endpoint with its secret, or the host name to resolve first; 409 when the key has 16 endpoints already. (area webhooks; non-2xx: 400, 409) */
    webhookCreate: { input: schemas["WebhookCreateInput"]; answer: schemas["WebhookCreateAnswer"] };
    /** Whether a webhook message may be sent now and where to: its key may still receive, and its URL passes the creation rules at delivery time; answers the checked address to connect to. (area webhooks; non-2xx: none) */
    webhookTarget: { input: schemas["WebhookTargetInput"]; answer: schemas["WebhookTargetAnswer"] };
    /** The deliveries a status change makes, one per subscribed endpoint. (area webhooks; non-2xx: none) */
    webhookEvents: { input: schemas["WebhookEventsInput"]; answer: schemas["WebhookEventsAnswer"] };
    /** When to try a failed delivery again, or null to give up. (area webhooks; non-2xx: none) */
    webhookRetry: { input: schemas["WebhookRetryInput"]; answer: schemas["WebhookRetryAnswer"] };
    /** Whose endpoint stores a key manages: its own and every other key of its partner, revoked ones included (endpoints are the partner's). (area webhooks; non-2xx: 403) */
    webhookKeys: { input: schemas["WebhookKeysInput"]; answer: schemas["WebhookKeysAnswer"] };
    /** One webhook endpoint's delivery queue's decisions, one event at a time: when its alarm fires, which finished messages its retention deletes (7 days), which messages are due (per intent, after the one before it finished), what the endpoint's check at each attempt means (resolve the host, cancel every pending message of a key that may no longer receive, fail the attempt, or send to the checked address), what a receiver's answer means (a 2xx is delivered; anything else, or none, is tried again at webhookRetry's time or given up), when the alarm wakes next; and the deliveries listing. (area webhooks; non-2xx: none) */
    webhookDeliveryStep: { input: schemas["WebhookDeliveryStepInput"]; answer: schemas["WebhookDeliveryStepAnswer"] };
    /** Legacy v3 exact-in quotes (POST /api/v3/quotes/exactIn), one entry per solver. (area legacy; non-2xx: 400, 422, 502) */
    legacyExactIn: { input: schemas["LegacyExactInInput"]; answer: schemas["LegacyExactInAnswer"] };
    /** Legacy v3 exact-out quotes (POST /api/v3/quotes/exactOut), one entry per solver. (area legacy; non-2xx: 400, 422, 502) */
    legacyExactOut: { input: schemas["LegacyExactOutInput"]; answer: schemas["LegacyExactOutAnswer"] };
    /** The remote solvers to ask for a legacy v3 quote request, as solverRequests answers them for the v1 request it stands for; the worker passes their answers to legacyExactIn or legacyExactOut with the same now. (area legacy; non-2xx: 400, 422) */
    legacySolverRequests: { input: schemas["LegacySolverRequestsInput"]; answer: schemas["LegacySolverRequestsAnswer"] };
    /** The legacy v3 status envelope of a stored record (POST /api/v3/intents/intentStatus). (area legacy; non-2xx: 400, 404) */
    legacyIntentStatus: { input: schemas["LegacyIntentStatusInput"]; answer: schemas["LegacyIntentStatusAnswer"] };
    /** GET /internal/status: per EVM chain its reader (head, cursor, lag), its endpoints' health by origin, and each relayer account's balance against the chain's floor with its open jobs; every alert, one line each. (area operator; non-2xx: none) */
    operatorStatus: { input: schemas["OperatorStatusInput"]; answer: schemas["OperatorStatusAnswer"] };
}
export type CoreOpName = keyof CoreOps;
export type CoreOpInput<Op extends CoreOpName> = CoreOps[Op]["input"];
export type CoreOpAnswer<Op extends CoreOpName> = CoreOps[Op]["answer"];
/** The body of a non-2xx answer (the worker adds requestId). */
export type CoreProblem = schemas["Problem"];
/** What Service.handle answers: the HTTP status, the body, and rarely headers, (ops quote and depositCreate) registrations and (op quote) simulations. */
export interface CoreAnswer<Op extends CoreOpName> {
    status: number;
    body: CoreOpAnswer<Op> | CoreProblem;
    headers?: Record<string, string> | null;
    registrations?: schemas["QuoteRegistrations"] | null;
    simulations?: schemas["QuoteSimulations"] | null;
}
