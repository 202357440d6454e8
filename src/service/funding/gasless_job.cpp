#include "service/funding/gasless_job.h"

#include <algorithm>
#include <stdexcept>

#include "service/common/identifiers.h"
#include "service/common/op_input.h"
#include "service/status/finality.h"
#include "service/status/status_records.h"

namespace sr::service {

using json = nlohmann::ordered_json;

namespace {

constexpr std::string_view kJobIdPrefix = "job:";
constexpr std::string_view kQuoteIdPrefix = "quote:";

// A 400 naming one field, with its own detail (for jobId a shorter text than the field's message).
OpResult invalid_field(std::string field, std::string detail, std::string message) {
  FieldErrors errors;
  errors.add(std::move(field), std::move(message));
  return problem(ProblemCode::invalid_request, std::move(detail), errors.list());
}

OpResult lookup_by_job_id(const json& job_id) {
  if (!job_id.is_string()) throw OpInputError("op \"gaslessJobLookup\": jobId must be the raw path segment");
  const auto& text = job_id.get_ref<const std::string&>();
  const auto uuid = text.starts_with(kJobIdPrefix) ? bare_uuid(std::string_view(text).substr(kJobIdPrefix.size()))
                                                   : std::nullopt;
  if (!uuid) return invalid_field("jobId", "jobId must be job:<uuid>", "jobId must be job: followed by a UUID");
  return ok({{"quoteId", *uuid}});
}

OpResult lookup_by_quote_id(const json& quote_id) {
  if (!quote_id.is_null() && !quote_id.is_string()) {
    throw OpInputError("op \"gaslessJobLookup\": quoteId must be the raw query value or null");
  }
  const auto uuid = quote_id.is_string() ? bare_uuid(quote_id.get_ref<const std::string&>()) : std::nullopt;
  if (!uuid) {
    // The id of a quote reads "quote:<uuid>"; the job lookup takes the UUID alone, as status does.
    const bool prefixed = quote_id.is_string() && quote_id.get_ref<const std::string&>().starts_with(kQuoteIdPrefix);
    const std::string message =
        std::string("quoteId must be a UUID") + (prefixed ? "; pass the bare UUID without the quote: prefix" : "");
    return invalid_field("quoteId", message, message);
  }
  return ok({{"quoteId", *uuid}});
}

// The stored job, read strictly: it is the core's own output, so anything else is a worker bug.
// An accepted job changes, and so does a published one whose transaction is not final yet (it
// may still be reorganised away); a job stored before finality was tracked has no "final" and is
// treated as final.
void require_open_job(const json& job) {
  const auto fail = [](const std::string& why) {
    throw OpInputError("op \"gaslessJobAdvance\": the job " + why);
  };
  if (!job.is_object() || !job.contains("id") || !job.contains("status") || !job.contains("chainId")) {
    fail("is not a gasless job");
  }
  if (job["status"] == "accepted") return;
  if (job["status"] == "published" && job.value("final", json(true)) == false) return;
  fail("is " + job["status"].dump() + "; only an accepted job, or a published one not final yet, changes");
}

bool is_published(const json& job) { return job["status"] == "published"; }

std::string outcome_text(const json& outcome, const char* name) {
  const json& text = outcome.at(name);
  if (!text.is_string()) {
    throw OpInputError(std::string("op \"gaslessJobAdvance\": outcome.") + name + " must be a string");
  }
  return text.get<std::string>();
}

json finished(json job, std::uint64_t now, std::string_view status, json transaction_hash, json error) {
  job["status"] = status;
  job["waitingFor"] = nullptr;  // only an accepted job waits
  job["transactionHash"] = std::move(transaction_hash);
  job["confirmations"] = nullptr;
  job["final"] = false;
  job["error"] = std::move(error);
  job["updatedAt"] = now;
  return job;
}

// The answer: the next job, when to relay again (null: not), and whether its transaction's
// receipt is to be looked at again (published, not final yet).
OpResult advanced(json job, json retry_after_sec) {
  const bool check_receipt = job["status"] == "published" && job["final"] == false;
  return ok({{"job", std::move(job)}, {"retryAfterSec", std::move(retry_after_sec)}, {"checkReceipt", check_receipt}});
}

// The funding transaction's receipt, seen in block `block_number`: the job is published and says
// how final that transaction is (finality.h, the rule of the status bodies). updatedAt moves
// when the status, the transaction or its finality changes, not with every new confirmation.
json mined(const json& job, std::uint64_t now, const std::string& hash, std::uint64_t block_number,
           const ChainHeads& heads) {
  ChainTx tx;
  tx.chain_id = job["chainId"].get<std::uint64_t>();
  tx.block_number = block_number;
  const TxFinality finality = tx_finality(tx, heads);
  json next = job;
  const bool changed = !is_published(job) || job["transactionHash"] != hash || job.value("final", json(false)) != finality.final;
  next["status"] = "published";
  next["waitingFor"] = nullptr;
  next["transactionHash"] = hash;
  next["confirmations"] = finality.confirmations;
  next["final"] = finality.final;
  next["error"] = nullptr;
  if (changed) next["updatedAt"] = now;
  return next;
}

// The published job's transaction has no receipt any more (a reorganisation removed its block
// before it was final): the job stops naming it and is accepted again, to be relayed at once. The
// relayer re-sends the same signed bytes (same nonce: never paid twice) after simulating them
// again, or fails the job with nothing new sent.
OpResult reaccepted(const json& job, std::uint64_t now) {
  json next = job;
  next["status"] = "accepted";
  next["waitingFor"] = nullptr;
  next["transactionHash"] = nullptr;
  next["confirmations"] = nullptr;
  next["final"] = false;
  next["updatedAt"] = now;
  return advanced(std::move(next), 0);
}

// A JSON-RPC quantity ("0x1b4") that fits 64 bits, or nullopt.
std::optional<std::uint64_t> rpc_u64(const json& value) {
  if (!value.is_string()) return std::nullopt;
  try {
    const U256 n = U256::from_hex(value.get<std::string>());
    if (!n.fits_u64()) return std::nullopt;
    return n.as_u64();
  } catch (const ParseError&) {
    return std::nullopt;
  }
}

// A watched (published, not final) job's receipt as the node answered eth_getTransactionReceipt
// for its transactionHash: null (gone: reorganised away), status 0x1 (mined, successful: how final
// it is now), anything else (mined again after a reorganisation, and reverted: failed).
OpResult watched_receipt(const json& job, const json& receipt, std::uint64_t now, const ChainHeads& heads) {
  if (receipt.is_null()) return reaccepted(job, now);
  if (!receipt.is_object() || !receipt.contains("status") || !receipt.contains("blockNumber")) {
    throw OpInputError("op \"gaslessJobAdvance\": outcome.receipt must be null or a receipt {status, blockNumber, ...}");
  }
  const auto block = rpc_u64(receipt["blockNumber"]);
  if (!block) throw OpInputError("op \"gaslessJobAdvance\": outcome.receipt.blockNumber must be a hex quantity");
  const auto status = rpc_u64(receipt["status"]);
  if (!status || *status > 1) throw OpInputError("op \"gaslessJobAdvance\": outcome.receipt.status must be 0x1 or 0x0");
  const std::string hash = job["transactionHash"].get<std::string>();
  if (*status == 1) return advanced(mined(job, now, hash, *block, heads), nullptr);
  return advanced(finished(job, now, "failed", nullptr,
                           "the funding transaction " + hash + " was mined again after a reorganisation and reverted on chain " +
                               job["chainId"].dump()),
                  nullptr);
}

}  // namespace

json gasless_job(std::string_view standard, std::string_view quote_id, std::string_view intent_hash,
                 std::uint64_t chain_id, std::uint64_t now) {
  if (quote_id.starts_with(kQuoteIdPrefix)) quote_id.remove_prefix(kQuoteIdPrefix.size());
  const auto uuid = bare_uuid(quote_id);
  // Quote ids are the service's own (signed, or stored with the deposit), so this is a bug.
  if (!uuid) throw std::invalid_argument("a gasless job needs a quote UUID, not \"" + std::string(quote_id) + "\"");
  json job = json::object();
  job["id"] = std::string(kJobIdPrefix) + *uuid;
  job["status"] = "accepted";
  job["waitingFor"] = nullptr;
  job["standard"] = standard;
  job["quoteId"] = *uuid;
  job["intentHash"] = intent_hash;
  job["chainId"] = chain_id;
  job["transactionHash"] = nullptr;
  job["confirmations"] = nullptr;
  job["final"] = false;
  job["error"] = nullptr;
  job["createdAt"] = now;
  job["updatedAt"] = now;
  return job;
}

OpResult gasless_job_lookup_op(const json& input) {
  const OpInput in(input, "gaslessJobLookup");
  const bool by_id = input.contains("jobId");
  const bool reading = input.contains("stored");
  if (by_id == input.contains("quoteId") || input.size() != (reading ? 3u : 1u) ||
      (reading && !input.contains("partner"))) {
    throw OpInputError("op \"gaslessJobLookup\": the input must be {jobId} or {quoteId}, with {partner, stored} once read");
  }
  OpResult named = by_id ? lookup_by_job_id(input["jobId"]) : lookup_by_quote_id(input["quoteId"]);
  if (!reading || named.status != 200) return named;
  // The second look, with what the quote's object holds: a job is the partner's that submitted it
  // (the owner its submit stored); another partner's job is as invisible as a missing one, so both
  // answer the same 404.
  const json& partner = in.member("partner");
  if (!partner.is_string()) throw OpInputError("op \"gaslessJobLookup\": partner must be the key's partner slug");
  const json& stored = input["stored"];
  if (!stored.is_null() && (!stored.is_object() || !stored.contains("owner") || !stored.contains("job"))) {
    throw OpInputError("op \"gaslessJobLookup\": stored must be null or the quote's object's {owner, job}");
  }
  if (!stored.is_null() && stored["owner"] == "partner:" + partner.get<std::string>()) return ok({{"job", stored["job"]}});
  const std::string& asked = input[by_id ? "jobId" : "quoteId"].get_ref<const std::string&>();
  return problem(ProblemCode::not_found, by_id ? "no gasless job " + asked : "quote " + asked + " has no gasless job");
}

OpResult gasless_job_advance_op(const Config& config, const json& input) {
  const OpInput in(input, "gaslessJobAdvance");
  const json& job = in.member("job");
  require_open_job(job);
  const std::uint64_t now = in.unix_seconds("now");
  const ChainHeads heads = read_chain_heads(in);
  const json& outcome = in.member("outcome");
  if (!outcome.is_object()) throw OpInputError("op \"gaslessJobAdvance\": outcome must be an object");
  const RelaySettings& relay = config.service().relay;
  const bool published = is_published(job);

  if (outcome.contains("receipt") && outcome.size() == 1) {
    if (!published || !job["transactionHash"].is_string()) {
      throw OpInputError("op \"gaslessJobAdvance\": outcome.receipt is the receipt of a published job's transactionHash");
    }
    return watched_receipt(job, outcome["receipt"], now, heads);
  }
  if (outcome.contains("transactionHash") && outcome.contains("blockNumber") && outcome.size() == 2) {
    const std::string hash = outcome_text(outcome, "transactionHash");
    if (!is_hash_text(hash)) {
      throw OpInputError("op \"gaslessJobAdvance\": outcome.transactionHash must be 0x followed by 64 hex digits");
    }
    const auto block = json_u64(outcome["blockNumber"]);
    if (!block) throw OpInputError("op \"gaslessJobAdvance\": outcome.blockNumber must be a block number");
    // A published job's transaction is signed once: its receipt can only be that transaction's.
    if (published && job["transactionHash"] != hash) {
      throw OpInputError("op \"gaslessJobAdvance\": the receipt of a published job must be of its transactionHash");
    }
    return advanced(mined(job, now, hash, *block, heads), nullptr);
  }
  if (outcome.contains("receiptGone") && outcome.size() == 1) {
    // The chain no longer has the published transaction (a reorganisation removed its block before
    // it was final): the job stops naming it and is accepted again, to be relayed at once. The
    // relayer re-sends the same signed bytes (same nonce: never paid twice) after simulating them
    // again, or fails the job with nothing new sent.
    if (!published || outcome["receiptGone"] != job["transactionHash"]) {
      throw OpInputError("op \"gaslessJobAdvance\": outcome.receiptGone must name the published job's transactionHash");
    }
    return reaccepted(job, now);
  }
  if (outcome.contains("error") && outcome.size() == 1) {
    // For a published job: its transaction, mined again after a reorganisation, reverted.
    std::string error = outcome_text(outcome, "error");
    if (error.empty()) error = "the relayer gave no reason";
    return advanced(finished(job, now, "failed", nullptr, error), nullptr);
  }
  if (published) {
    throw OpInputError(
        "op \"gaslessJobAdvance\": a published job takes {receipt}, {transactionHash, blockNumber}, {receiptGone} or {error}");
  }
  if (outcome.contains("transientError") && outcome.contains("attempts") && outcome.size() == 2) {
    const std::string error = outcome_text(outcome, "transientError");
    const json& attempts_json = outcome["attempts"];
    if (!attempts_json.is_number_integer() || attempts_json.get<std::int64_t>() < 1) {
      throw OpInputError("op \"gaslessJobAdvance\": outcome.attempts must be a positive integer");
    }
    const std::uint64_t attempts = attempts_json.get<std::uint64_t>();
    if (attempts < relay.max_attempts) {
      // attempts < max_attempts <= 20, so the shift stays far inside 64 bits.
      json next = job;
      next["waitingFor"] = nullptr;  // it waits for a retry now, not for the price
      return advanced(std::move(next), relay.first_retry_delay_sec << (attempts - 1));
    }
    const std::string reason =
        "relaying failed " + std::to_string(attempts) + " times; last error: " + error;
    return advanced(finished(job, now, "failed", nullptr, reason), nullptr);
  }
  if (outcome.contains("inFlight") && outcome.size() == 1) {
    outcome_text(outcome, "inFlight");
    // The job's transactions are signed and sent, and none has a receipt yet (the relayer waited
    // its while, or the node was unreachable). They can still be mined, so the job must not fail
    // for running out of attempts: a user who retried elsewhere could pay twice. It stays
    // accepted, spends no attempt, and the relayer looks again (and re-prices or re-sends a
    // stuck or dropped one: op "relayReplace"). Only a receipt, or the relayer's nonce taken by
    // another transaction, ends it.
    json next = job;
    next["waitingFor"] = nullptr;
    return advanced(std::move(next), relay.first_retry_delay_sec);
  }
  if (outcome.contains("waitingFor") && outcome.contains("detail") && outcome.size() == 2) {
    const json& reason = outcome["waitingFor"];
    if (reason != "gas-price" && reason != "relayer") {
      throw OpInputError("op \"gaslessJobAdvance\": outcome.waitingFor must be \"gas-price\" or \"relayer\"");
    }
    outcome_text(outcome, "detail");
    // Nothing was signed or sent: the chain's price is above its ceiling ("gas-price"), or the
    // relayer account's earlier job holds a nonce not mined yet ("relayer", op relayTransactions).
    // The job stays accepted and says why; waiting spends no attempt (no transaction was tried),
    // and the relayer looks again after relay.firstRetryDelaySec. Its window still closes: the
    // simulation right before signing fails the job, nothing sent, once the authorization's
    // window is within the margin.
    json next = job;
    if (next.value("waitingFor", json()) != reason) next["updatedAt"] = now;
    next["waitingFor"] = reason;
    return advanced(std::move(next), relay.first_retry_delay_sec);
  }
  throw OpInputError(
      "op \"gaslessJobAdvance\": outcome must be {receipt}, {transactionHash, blockNumber}, {receiptGone}, {error}, "
      "{transientError, attempts}, {waitingFor, detail} or {inFlight}");
}

}  // namespace sr::service
