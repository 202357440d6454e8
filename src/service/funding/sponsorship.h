// Sponsorship limits: how much of the relayer's gas a partner's relayed fundings may spend
// (config.h SponsorshipSettings; partners.json `sponsorship`, defaults in service.json
// relay.sponsorship). Two limits per partner, per chain, per UTC day:
//   - a gas budget in wei of the chain's native currency: the cost of the relayer's transactions
//     (gas used x effective gas price from their receipts, plus the L1 data fee an OP-stack
//     receipt reports as l1Fee), a job not settled yet counting at its most (its gas limits x the
//     chain's fee ceiling, plus the chain's L1 data fee allowance where it has one, relay.l1DataFeeAllowanceWei), so
//     concurrent admissions cannot overdraw;
//   - a number of relayed fundings per funder.
// Keyed gasless submits count against the key's partner, keyless deposit-address submits against
// the deposit address's partner, and so does a deposit address funded by plain transfers: its plan
// (standard "transfer") is refused by a spent budget like any other (the address's object holds
// it and asks again later: its money waits in the vault, nothing is lost), but not by the funder
// limit (its "funder" is the address's refund recipient, who signed nothing). A submit is admitted while the day's spending is below the budget
// and the funder's fundings are below its limit, so the budget is overshot by at most one job's
// cost; beyond either, 429 with its own code, Retry-After until the next UTC day (when the day's
// counts start afresh) and RateLimit-* headers naming that limit.
//
// The worker keeps one row per admitted job in the chain's relayer object (one place per chain),
// and records each of the job's receipts there once mined:
// Op "sponsorshipAdmission" {"plan", "partner": slug, "now", "rows": [{"day", "funder", "holdWei",
//   "settled", "receipts": [{"gasUsed", "effectiveGasPrice", "l1Fee"?}]}]} (the partner's rows on
//   the plan's chain; the op counts the ones of today's day)
//   -> 200 {"day", "funder", "holdWei", "budget": {"limitWei", "spentWei"}, "fundings": {"limit",
//           "used"}}: admitted; the worker stores the row {day, funder, holdWei} for the job,
//           and may delete settled rows of earlier days
//    | 429 sponsorship-exhausted (the detail names the limit) with Retry-After and
//      RateLimit-Limit/-Remaining/-Reset.
// A settled row counts its receipts (none: nothing was sent; the worker deletes such rows), an
// unsettled one its holdWei.
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "service/common/problem.h"
#include "service/config/config.h"

namespace sr::service {

inline constexpr std::uint64_t kSecondsPerDay = 86'400;

OpResult sponsorship_admission_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
