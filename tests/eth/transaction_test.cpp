#include "eth/transaction.h"

#include <gtest/gtest.h>

#include "crypto/hex.h"
#include "crypto/keccak.h"
#include "eth/rlp.h"
#include "eth/signer.h"

namespace sr::eth {
namespace {

// The examples of the RLP specification (Ethereum wiki / Yellow Paper appendix B).
TEST(Rlp, SpecificationExamples) {
  EXPECT_EQ(hex::encode(rlp::encode_bytes(as_bytes("dog"))), "0x83646f67");
  EXPECT_EQ(hex::encode(rlp::encode_list({rlp::encode_bytes(as_bytes("cat")), rlp::encode_bytes(as_bytes("dog"))})),
            "0xc88363617483646f67");
  EXPECT_EQ(hex::encode(rlp::encode_bytes({})), "0x80");
  EXPECT_EQ(hex::encode(rlp::encode_list({})), "0xc0");
  EXPECT_EQ(hex::encode(rlp::encode_uint(0)), "0x80");
  EXPECT_EQ(hex::encode(rlp::encode_bytes(Bytes{0x00})), "0x00");
  EXPECT_EQ(hex::encode(rlp::encode_uint(15)), "0x0f");
  EXPECT_EQ(hex::encode(rlp::encode_uint(1024)), "0x820400");
  // [ [], [[]], [ [], [[]] ] ]: the set-theoretical representation of three.
  const Bytes empty = rlp::encode_list({});
  const Bytes one = rlp::encode_list({empty});
  EXPECT_EQ(hex::encode(rlp::encode_list({empty, one, rlp::encode_list({empty, one})})), "0xc7c0c1c0c3c0c1c0");
  const std::string lorem = "Lorem ipsum dolor sit amet, consectetur adipisicing elit";  // 56 bytes
  EXPECT_EQ(hex::encode(rlp::encode_bytes(as_bytes(lorem))), "0xb838" + hex::encode(as_bytes(lorem), false));
}

TEST(Rlp, IntegersAreMinimal) {
  EXPECT_EQ(hex::encode(rlp::encode_uint(0x7f)), "0x7f");
  EXPECT_EQ(hex::encode(rlp::encode_uint(0x80)), "0x8180");
  EXPECT_EQ(hex::encode(rlp::encode_uint(U256::max())), "0xa0" + std::string(64, 'f'));
}

// Expected values from ethers v6 (tests/eth/transaction_vectors.gen.mjs prints them), signed
// with anvil's account #11, the local relayer.
const char* const kRelayerKey = "0x701b615bbdfb9de65240bc28bd21bbc0d996645a3dd57e7b12bc2bdf6f192c82";
const char* const kRelayer = "0x71bE63f3384f5fb98995898A86B02Fb2426c5788";

struct Vector {
  std::string name;
  Eip1559Transaction tx;
  std::string unsigned_serialized;
  std::string signing_hash;
  std::string signed_serialized;
  std::string hash;
};

std::vector<Vector> vectors() {
  Eip1559Transaction plain;
  plain.chain_id = 1;
  plain.nonce = 0;
  plain.max_priority_fee_per_gas = 1'000'000'000;
  plain.max_fee_per_gas = 30'000'000'000ULL;
  plain.gas_limit = 21000;
  plain.to = Address::parse("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  plain.value = U256::from_decimal("1000000000000000000");

  Eip1559Transaction call;
  call.chain_id = 31337;
  call.nonce = 7;
  call.max_priority_fee_per_gas = 0;
  call.max_fee_per_gas = 2'000'000'000;
  call.gas_limit = 300000;
  call.to = Address::parse("0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0");
  call.data = hex::decode("0x55a0bec0");
  call.data.insert(call.data.end(), 96, 0xab);

  Eip1559Transaction listed;
  listed.chain_id = 8453;
  listed.nonce = 1'000'000;
  listed.max_priority_fee_per_gas = 1;
  listed.max_fee_per_gas = 127;
  listed.gas_limit = 90000;
  listed.to = Address::parse("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
  listed.value = 5;
  listed.data = Bytes{0x00};
  Hash32 one{};
  one[31] = 1;
  Hash32 ones;
  ones.fill(0xff);
  listed.access_list = {{Address::parse("0x000000000022D473030F116dDEE9F6B43aC78BA3"), {one, ones}}};

  std::string abs;  // the 96 bytes 0xab after the selector
  for (int i = 0; i < 96; ++i) abs += "ab";
  return {
      {"plainTransfer", plain,
       "0x02f00180843b9aca008506fc23ac008252089470997970c51812dc3a010c7d01b50e0d17dc79c8880de0b6b3a764000080c0",
       "0x35935b24597e12cbf901abc4642df29eb2913fc093ac29bba3758ce11917d94a",
       "0x02f8730180843b9aca008506fc23ac008252089470997970c51812dc3a010c7d01b50e0d17dc79c8880de0b6b3a764000080c080a026"
       "be90fa30c28394a927154c509a41f9210f8c8ec8a8b727da60ea58dbf98f0da070b39cf850bf74db5d976f85053be7226b5db7d628ad10"
       "b2a254f1f05d239473",
       "0x60c4127a3a2e294c073a9e7bd133e9b55a03c4260928a42d758efd3429d1b3cd"},
      {"contractCall", call,
       "0x02f88b827a6907808477359400830493e0949fe46736679d2d9a65f0992f2272de9f3c7fa6e080b86455a0bec0" + abs + "c0",
       "0xc7c0a24100c2dae4aea1ba0e4025a54a0b7b9f934918601c1553f087f51caeb1",
       "0x02f8ce827a6907808477359400830493e0949fe46736679d2d9a65f0992f2272de9f3c7fa6e080b86455a0bec0" + abs +
           "c080a02ee99499282e0acff66f759e6c3f0724fc8a6ea4d7fe6d74f0297ebe99e1f29aa01c2d869bca45ba4d6cea388df5aaab43"
           "258d23fe5baa2a2279b93f9d8467ff0c",
       "0x895efedbbbcb472f37048933a216c1c9453c6380d9841f4c70904643b6b5dc5f"},
      {"accessList", listed,
       "0x02f881822105830f4240017f83015f9094833589fcd6edb6e08f4c7c32d4f71b54bda029130500f85bf85994000000000022d473030f"
       "116ddee9f6b43ac78ba3f842a00000000000000000000000000000000000000000000000000000000000000001a0ffffffffffffffffffff"
       "ffffffffffffffffffffffffffffffffffffffffffff",
       "0x68069d2edd82c6c6aad93de064cd28be799000d727478fb1321306996172b846",
       "0x02f8c4822105830f4240017f83015f9094833589fcd6edb6e08f4c7c32d4f71b54bda029130500f85bf85994000000000022d473030f"
       "116ddee9f6b43ac78ba3f842a00000000000000000000000000000000000000000000000000000000000000001a0ffffffffffffffffffff"
       "ffffffffffffffffffffffffffffffffffffffffffff01a02ac52a1511e663fd51c6de26f092aa2f77c9c1481cb6ca3833342e9df4ac48"
       "d6a031117b9ee1e4abbf065028a33cfcce325a8aa5e878882ac4dd70bd4cfb9af359",
       "0x3608c58f29facf5aa6430a7d724a72487b6bdd5162896c3366ea9582c89dc438"},
  };
}

TEST(Eip1559Transaction, MatchesEthers) {
  const auto key = secp256k1::SecretKey::from_hex(kRelayerKey);
  for (const auto& v : vectors()) {
    SCOPED_TRACE(v.name);
    EXPECT_EQ(hex::encode(unsigned_envelope(v.tx)), v.unsigned_serialized);
    EXPECT_EQ(hex::encode(signing_hash(v.tx)), v.signing_hash);
    const auto signed_tx = sign_transaction(v.tx, key);
    EXPECT_EQ(hex::encode(signed_tx.raw), v.signed_serialized);
    EXPECT_EQ(hex::encode(signed_tx.hash), v.hash);
    EXPECT_EQ(signed_tx.from.checksummed(), kRelayer);
  }
}

// 300 bytes of code and no recipient: a two-byte string length and a two-byte list length.
TEST(Eip1559Transaction, ContractCreationWithLongData) {
  Eip1559Transaction creation;
  creation.chain_id = 31338;
  creation.nonce = 3;
  creation.max_priority_fee_per_gas = 1'500'000'000;
  creation.max_fee_per_gas = 3'000'000'000ULL;
  creation.gas_limit = 1'000'000;
  creation.data = Bytes(300, 0x60);
  const std::string code = hex::encode(creation.data, false);
  EXPECT_EQ(hex::encode(unsigned_envelope(creation)),
            "0x02f90144827a6a038459682f0084b2d05e00830f42408080b9012c" + code + "c0");
  EXPECT_EQ(hex::encode(signing_hash(creation)), "0x02602d4b6b89acf0fa1b54d366b57fdbd3a312d564c656b01cb7b35bb9d634da");
  const auto signed_tx = sign_transaction(creation, secp256k1::SecretKey::from_hex(kRelayerKey));
  EXPECT_EQ(hex::encode(signed_tx.raw),
            "0x02f90187827a6a038459682f0084b2d05e00830f42408080b9012c" + code +
                "c001a0ac26527166d0aa73ac4979ff3ce78bec8fb0949e97d5e4bcfa969a3dd94d14bda073fa43c023bdd2a3df89e5ddb3c933120"
                "017e29809e8352802d461b139de4e47");
  EXPECT_EQ(hex::encode(signed_tx.hash), "0x8f33ac9340ee24a4797324dee48d67d88d07c345c6ad053213593a33c0de4410");
}

TEST(Eip1559Transaction, SignatureRecoversToTheSigner) {
  const auto tx = vectors().at(1).tx;
  const auto key = secp256k1::SecretKey::from_hex(kRelayerKey);
  const auto signature = secp256k1::sign_digest(signing_hash(tx), key);
  EXPECT_EQ(recover_address(signing_hash(tx), signature).checksummed(), kRelayer);
  // Changing any field changes what is signed.
  auto other = tx;
  other.nonce += 1;
  EXPECT_NE(signing_hash(other), signing_hash(tx));
}

TEST(Eip1559Transaction, RejectsMalformedSignatures) {
  const auto tx = vectors().at(0).tx;
  Bytes signature(65, 1);
  signature[64] = 1;  // a raw recovery id, not 27/28
  EXPECT_THROW(signed_envelope(tx, signature), ParseError);
  EXPECT_THROW(signed_envelope(tx, ByteView(signature).first(64)), ParseError);
}

}  // namespace
}  // namespace sr::eth
