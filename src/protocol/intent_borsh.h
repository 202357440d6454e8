// The Borsh (SVM) form of Route and Reward, as the protocol page lays it out:
//   Reward { deadline u64, creator [32], prover [32], native_amount u64, tokens Vec<{token [32], amount u64}> }
//   Route  { salt [32], deadline u64, portal [32], native_amount u64, tokens Vec<{token [32], amount u64}>,
//            calls Vec<{target [32], data bytes}> }
// Amounts are u64 on Solana and calls carry no native value: writing an amount above 2^64 - 1 or
// a call with a non-zero value throws ParseError naming the field.
#pragma once

#include "protocol/borsh.h"
#include "protocol/intent.h"

namespace sr::protocol::intent_borsh {

void write_route(borsh::Writer& out, const Route& route);
void write_reward(borsh::Writer& out, const Reward& reward);

// Read one value (callers decide whether more bytes may follow). Calls come back with value 0.
Route read_route(borsh::Reader& in);
Reward read_reward(borsh::Reader& in);

}  // namespace sr::protocol::intent_borsh
