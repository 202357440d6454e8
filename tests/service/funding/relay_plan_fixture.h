// Relay plans of every standard over the protocol vectors' Base -> Optimism intent (25 USDC), as
// the verification ops answer them: shared by the tables of the preflight, the relayer's
// simulation and the job object.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "../../protocol/protocol_vectors.h"

namespace sr::service::testing {

inline const char* const kPlanUsdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

inline nlohmann::ordered_json relay_plan(const std::string& standard) {
  using json = nlohmann::ordered_json;
  using protocol::testing::vectors;
  const json& permits = vectors()["permits"];
  json out = {{"standard", standard},
              {"chainId", 8453},
              {"token", kPlanUsdc},
              {"funder", permits["erc3009"]["signer"]},
              {"vault", vectors()["intents"][0]["vault"]},
              {"intent", vectors()["intents"][0]["intent"]},
              {"authorization", permits["erc3009"]["message"]},
              {"signature", permits["erc3009"]["signature"]}};
  if (standard == "permit2") {
    json permit2 = permits["permit2Single"]["message"];
    permit2["details"] = json::array({permit2["details"]});
    out["authorization"] = permit2;
    out["signature"] = permits["permit2Single"]["signature"];
  } else if (standard == "permit3") {
    const json& p = permits["permit3"];
    out["authorization"] = {{"owner", p["owner"]},         {"salt", p["salt"]},
                            {"deadline", p["deadline"]},   {"timestamp", p["timestamp"]},
                            {"chainPermits", p["chainPermits"]}, {"proof", json::array()}};
    out["signature"] = p["signature"];
  } else if (standard == "erc2612") {
    out["authorization"] = {{"owner", out["funder"]}, {"spender", out["vault"]}, {"value", "25000000"}, {"nonce", "3"}, {"deadline", "1763703600"}};
  } else if (standard == "transfer") {
    out["authorization"] = nullptr;
    out["signature"] = nullptr;
  }
  return out;
}

}  // namespace sr::service::testing
