#include "eth/abi.h"

#include <gtest/gtest.h>

#include "crypto/hex.h"

namespace sr::abi {
namespace {

std::vector<Type> types_of(std::initializer_list<const char*> names) {
  std::vector<Type> out;
  for (const char* n : names) out.push_back(Type::parse(n));
  return out;
}

Bytes calldata(std::string_view signature, const Bytes& params) {
  const auto sel = selector(signature);
  Bytes out(sel.begin(), sel.end());
  out.insert(out.end(), params.begin(), params.end());
  return out;
}

Bytes utf8(std::string_view s) { return Bytes(s.begin(), s.end()); }

// Encodes, compares with the published bytes, then decodes the published bytes back.
void expect_call(std::string_view signature, std::initializer_list<const char*> type_names,
                 const std::vector<Value>& values, std::string_view expected_hex) {
  const std::vector<Type> types = types_of(type_names);
  const Bytes params = encode_params(types, values);
  EXPECT_EQ(hex::encode(calldata(signature, params)), expected_hex) << signature;
  const Bytes expected = hex::decode(expected_hex);
  EXPECT_EQ(decode_params(types, ByteView(expected).subspan(4)), values) << signature;
}

// The examples of the Solidity ABI specification ("Examples" and "Use of Dynamic Types").
TEST(Abi, SoliditySpecBaz) {
  expect_call("baz(uint32,bool)", {"uint32", "bool"}, {U256(69), true},
              "0xcdcd77c0"
              "0000000000000000000000000000000000000000000000000000000000000045"
              "0000000000000000000000000000000000000000000000000000000000000001");
}

TEST(Abi, SoliditySpecBar) {
  expect_call("bar(bytes3[2])", {"bytes3[2]"}, {Value(ValueList{utf8("abc"), utf8("def")})},
              "0xfce353f6"
              "6162630000000000000000000000000000000000000000000000000000000000"
              "6465660000000000000000000000000000000000000000000000000000000000");
}

// sam's parameters; the malformed-input tests below corrupt them.
const char* const kSamParams =
    "0x0000000000000000000000000000000000000000000000000000000000000060"
    "0000000000000000000000000000000000000000000000000000000000000001"
    "00000000000000000000000000000000000000000000000000000000000000a0"
    "0000000000000000000000000000000000000000000000000000000000000004"
    "6461766500000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000003"
    "0000000000000000000000000000000000000000000000000000000000000001"
    "0000000000000000000000000000000000000000000000000000000000000002"
    "0000000000000000000000000000000000000000000000000000000000000003";

TEST(Abi, SoliditySpecSam) {
  expect_call("sam(bytes,bool,uint256[])", {"bytes", "bool", "uint256[]"},
              {utf8("dave"), true, ValueList{U256(1), U256(2), U256(3)}}, std::string("0xa5643bf2") + (kSamParams + 2));
}

TEST(Abi, SoliditySpecF) {
  expect_call("f(uint256,uint32[],bytes10,bytes)", {"uint256", "uint32[]", "bytes10", "bytes"},
              {U256(0x123), ValueList{U256(0x456), U256(0x789)}, utf8("1234567890"), utf8("Hello, world!")},
              "0x8be65246"
              "0000000000000000000000000000000000000000000000000000000000000123"
              "0000000000000000000000000000000000000000000000000000000000000080"
              "3132333435363738393000000000000000000000000000000000000000000000"
              "00000000000000000000000000000000000000000000000000000000000000e0"
              "0000000000000000000000000000000000000000000000000000000000000002"
              "0000000000000000000000000000000000000000000000000000000000000456"
              "0000000000000000000000000000000000000000000000000000000000000789"
              "000000000000000000000000000000000000000000000000000000000000000d"
              "48656c6c6f2c20776f726c642100000000000000000000000000000000000000");
}

TEST(Abi, SoliditySpecG) {
  expect_call("g(uint256[][],string[])", {"uint256[][]", "string[]"},
              {ValueList{ValueList{U256(1), U256(2)}, ValueList{U256(3)}},
               ValueList{std::string("one"), std::string("two"), std::string("three")}},
              "0x2289b18c"
              "0000000000000000000000000000000000000000000000000000000000000040"
              "0000000000000000000000000000000000000000000000000000000000000140"
              "0000000000000000000000000000000000000000000000000000000000000002"
              "0000000000000000000000000000000000000000000000000000000000000040"
              "00000000000000000000000000000000000000000000000000000000000000a0"
              "0000000000000000000000000000000000000000000000000000000000000002"
              "0000000000000000000000000000000000000000000000000000000000000001"
              "0000000000000000000000000000000000000000000000000000000000000002"
              "0000000000000000000000000000000000000000000000000000000000000001"
              "0000000000000000000000000000000000000000000000000000000000000003"
              "0000000000000000000000000000000000000000000000000000000000000003"
              "0000000000000000000000000000000000000000000000000000000000000060"
              "00000000000000000000000000000000000000000000000000000000000000a0"
              "00000000000000000000000000000000000000000000000000000000000000e0"
              "0000000000000000000000000000000000000000000000000000000000000003"
              "6f6e650000000000000000000000000000000000000000000000000000000000"
              "0000000000000000000000000000000000000000000000000000000000000003"
              "74776f0000000000000000000000000000000000000000000000000000000000"
              "0000000000000000000000000000000000000000000000000000000000000005"
              "7468726565000000000000000000000000000000000000000000000000000000");
}

TEST(Abi, SelectorOfTransfer) {
  EXPECT_EQ(hex::encode(selector("transfer(address,uint256)")), "0xa9059cbb");
}

TEST(Abi, TypeParseAndCanonical) {
  for (const char* t : {"uint8", "uint256", "int24", "int256", "address", "bool", "bytes1", "bytes32", "bytes",
                        "string", "uint256[]", "bytes3[2]", "uint256[][3][]", "(address,uint256)",
                        "(bytes32,uint64,address,uint256,(address,uint256)[],(address,bytes,uint256)[])",
                        "((uint8,(bool,string))[2],int8)[]"}) {
    EXPECT_EQ(Type::parse(t).canonical(), t);
  }
  EXPECT_FALSE(Type::parse("(uint256,bytes32[2],(address,bool))").is_dynamic());
  EXPECT_EQ(Type::parse("(uint256,bytes32[2],(address,bool))").head_size(), 32u * 5);
  EXPECT_TRUE(Type::parse("(uint256,string)").is_dynamic());
  EXPECT_TRUE(Type::parse("string[1]").is_dynamic());
  EXPECT_FALSE(Type::parse("uint8[4]").is_dynamic());
  EXPECT_EQ(Type::parse("uint256[2][3]").element(), Type::parse("uint256[2]"));
  EXPECT_EQ(Type::parse("uint256[2][3]").size, 3u);
}

TEST(Abi, TypeParseRejectsMalformed) {
  for (const char* bad : {"", "uint", "int", "uint7", "uint0", "uint264", "uint08", "int1", "bytes0", "bytes33",
                          "bytes01", "byte", "address ", " uint256", "uint256[", "uint256]", "uint256[0]",
                          "uint256[01]", "uint256[-1]", "uint256[x]", "()", "(uint256", "(uint256,)", "(,uint256)",
                          "uint256,bool", "(uint256))", "tuple(uint256)", "function", "fixed128x18", "UINT256",
                          "uint256[99999999999]"}) {
    EXPECT_THROW(Type::parse(bad), ParseError) << bad;
  }
}

TEST(Abi, TypeParseRejectsDeepNesting) {
  std::string deep = "uint256";
  for (unsigned i = 0; i < kMaxTypeDepth + 1; ++i) deep += "[]";
  EXPECT_THROW(Type::parse(deep), ParseError);
  std::string tuples = std::string(kMaxTypeDepth + 1, '(') + "bool" + std::string(kMaxTypeDepth + 1, ')');
  EXPECT_THROW(Type::parse(tuples), ParseError);
  std::string ok = "uint256";
  for (unsigned i = 0; i < 8; ++i) ok += "[]";
  EXPECT_NO_THROW(Type::parse(ok));
}

TEST(Abi, SignedIntegersAndNarrowTypes) {
  const std::vector<Type> types = types_of({"int8", "int256", "uint8", "int16"});
  const std::vector<Value> values = {I256::from_int64(-1), I256::from_int64(-2), U256(255),
                                     I256::from_int64(-32768)};
  const Bytes enc = encode_params(types, values);
  EXPECT_EQ(hex::encode(ByteView(enc).first(32)), "0x" + std::string(64, 'f'));
  EXPECT_EQ(hex::encode(ByteView(enc).subspan(32, 32)), "0x" + std::string(63, 'f') + "e");
  EXPECT_EQ(decode_params(types, enc), values);
  EXPECT_THROW(encode(Type::parse("int8"), I256::from_int64(128)), ParseError);
  EXPECT_THROW(encode(Type::parse("int8"), I256::from_int64(-129)), ParseError);
  EXPECT_THROW(encode(Type::parse("uint8"), U256(256)), ParseError);
  EXPECT_THROW(encode(Type::parse("uint256"), I256::from_int64(1)), ParseError);  // wrong alternative
  EXPECT_THROW(encode(Type::parse("bytes3"), Bytes{1, 2}), ParseError);
  EXPECT_THROW(encode(Type::parse("uint8[2]"), ValueList{U256(1)}), ParseError);
  EXPECT_THROW(encode(Type::parse("(uint8,bool)"), ValueList{U256(1)}), ParseError);
}

TEST(Abi, EncodeOfSingleDynamicValueHasNoOffsetButEncodeParamsHas) {
  const Type t = Type::parse("(uint256,bytes)");
  const Value v = ValueList{U256(1), Bytes{0xab}};
  const Bytes bare = encode(t, v);
  const Bytes wrapped = encode_params({t}, {v});
  ASSERT_EQ(wrapped.size(), bare.size() + 32);
  EXPECT_EQ(U256::from_be_bytes(ByteView(wrapped).first(32)), U256(0x20));
  EXPECT_TRUE(std::equal(bare.begin(), bare.end(), wrapped.begin() + 32));
  EXPECT_EQ(decode(t, bare), v);
  EXPECT_EQ(decode_params({t}, wrapped).at(0), v);
}

// encode_params checks and encodes its lists in place (no tuple copy first): the same messages,
// paths and bytes as encode() of the tuple they make, and encode_param is its one-element case.
TEST(Abi, EncodeParamsChecksAsTheTupleWould) {
  const auto error_of = [](auto&& encode_it) -> std::string {
    try {
      encode_it();
    } catch (const ParseError& e) {
      return e.what();
    }
    return "";
  };
  const std::vector<Type> types = types_of({"uint8", "bool"});
  EXPECT_EQ(error_of([&] { encode_params(types, {U256(1)}); }), "tuple (uint8,bool) needs 2 values, got 1");
  EXPECT_EQ(error_of([&] { encode_params(types, {U256(1), U256(1)}); }),
            error_of([&] { encode(Type::tuple(types), ValueList{U256(1), U256(1)}); }));
  EXPECT_EQ(error_of([&] { encode_params(types, {U256(256), true}); }), "[0]: value out of range for uint8");
  EXPECT_EQ(error_of([&] { encode_param(types[0], U256(256)); }), "[0]: value out of range for uint8");
  const Type t = Type::parse("(uint256,bytes)");
  const Value v = ValueList{U256(1), Bytes{0xab}};
  EXPECT_EQ(encode_param(t, v), encode_params({t}, {v}));
  EXPECT_EQ(encode_params(types, {U256(255), true}), encode(Type::tuple(types), ValueList{U256(255), true}));
}

TEST(Abi, EmptyValues) {
  const std::vector<Type> types = types_of({"bytes", "string", "uint256[]"});
  const std::vector<Value> values = {Bytes{}, std::string(), ValueList{}};
  const Bytes enc = encode_params(types, values);
  EXPECT_EQ(enc.size(), 6u * 32);  // three offsets and three zero lengths, no data words
  EXPECT_EQ(decode_params(types, enc), values);
  EXPECT_TRUE(encode_params({}, {}).empty());
  EXPECT_TRUE(decode_params({}, {}).empty());
}

// ------------------------------------------------------------------------------------------
// Malformed input for the decoder


std::vector<Type> sam_types() { return types_of({"bytes", "bool", "uint256[]"}); }

std::string decode_error(const std::vector<Type>& types, const Bytes& data, Mode mode = Mode::strict) {
  try {
    decode_params(types, data, mode);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

void set_word(Bytes& data, std::size_t word_index, const U256& v) {
  const auto be = v.to_be_bytes();
  std::copy(be.begin(), be.end(), data.begin() + static_cast<std::ptrdiff_t>(word_index * 32));
}

TEST(AbiDecode, EveryTruncationFails) {
  const Bytes full = hex::decode(kSamParams);
  for (std::size_t n = 0; n < full.size(); ++n) {
    const Bytes cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
    EXPECT_NE(decode_error(sam_types(), cut), "") << "prefix of " << n << " bytes";
    EXPECT_NE(decode_error(sam_types(), cut, Mode::allow_trailing), "") << "prefix of " << n << " bytes";
  }
}

TEST(AbiDecode, TrailingGarbage) {
  Bytes data = hex::decode(kSamParams);
  data.push_back(0);
  EXPECT_EQ(decode_error(sam_types(), data), "ABI data has 1 trailing bytes after the encoded value");
  EXPECT_EQ(decode_error(sam_types(), data, Mode::allow_trailing), "");
  const Bytes word = hex::decode("0x" + std::string(64, '0') + "00");
  EXPECT_THROW(decode(Type::parse("uint256"), word), ParseError);
}

TEST(AbiDecode, OffsetsOutOfRangeOrNonCanonical) {
  Bytes data = hex::decode(kSamParams);
  set_word(data, 0, U256::max());
  EXPECT_NE(decode_error(sam_types(), data).find("points past the end"), std::string::npos);
  set_word(data, 0, U256(data.size() + 32));
  EXPECT_NE(decode_error(sam_types(), data).find("points past the end"), std::string::npos);
  set_word(data, 0, U256(0x40));  // overlaps the head
  EXPECT_NE(decode_error(sam_types(), data).find("not canonical"), std::string::npos);
  data = hex::decode(kSamParams);
  set_word(data, 2, U256(0x60));  // second tail overlapping the first
  EXPECT_NE(decode_error(sam_types(), data).find("[2]: offset 0x60 is not canonical"), std::string::npos);
}

TEST(AbiDecode, HugeLengthsFailBeforeAllocating) {
  Bytes data = hex::decode(kSamParams);
  set_word(data, 3, U256::max());  // bytes length
  EXPECT_NE(decode_error(sam_types(), data).find("exceeds the remaining data"), std::string::npos);
  data = hex::decode(kSamParams);
  set_word(data, 5, U256(1) << 64);  // array length
  EXPECT_NE(decode_error(sam_types(), data).find("exceeds the remaining data"), std::string::npos);
  data = hex::decode(kSamParams);
  set_word(data, 5, U256(4));  // one element more than present
  EXPECT_NE(decode_error(sam_types(), data), "");
  // A nested array claiming 2^32 inner arrays in 64 bytes.
  Bytes nested(64, 0);
  set_word(nested, 0, U256(0x20));
  set_word(nested, 1, U256(1) << 32);
  EXPECT_THROW(decode_params(types_of({"uint256[][]"}), nested), ParseError);
}

TEST(AbiDecode, DirtyPadding) {
  const auto one_word = [](std::string_view hex64) { return hex::decode(std::string("0x") + std::string(hex64)); };
  EXPECT_THROW(decode(Type::parse("uint32"), one_word("0000000000000000000000000000000000000000000000000000000100000000")), ParseError);
  EXPECT_EQ(decode(Type::parse("uint32"), one_word("00000000000000000000000000000000000000000000000000000000ffffffff")),
            Value(U256(0xffffffff)));
  EXPECT_THROW(decode(Type::parse("address"), one_word("0000000000000000000000010000000000000000000000000000000000000000")), ParseError);
  EXPECT_THROW(decode(Type::parse("bool"), one_word("0000000000000000000000000000000000000000000000000000000000000002")), ParseError);
  EXPECT_THROW(decode(Type::parse("bytes3"), one_word("6162636400000000000000000000000000000000000000000000000000000000")), ParseError);
  EXPECT_THROW(decode(Type::parse("int8"), one_word("0000000000000000000000000000000000000000000000000000000000000080")), ParseError);
  EXPECT_THROW(decode(Type::parse("int8"), one_word("ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")), ParseError);
  EXPECT_EQ(decode(Type::parse("int8"), one_word("ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff80")),
            Value(I256::from_int64(-128)));
  Bytes data = hex::decode(kSamParams);
  data[4 * 32 + 4] = 1;  // byte right after "dave"
  EXPECT_NE(decode_error(sam_types(), data).find("nonzero padding"), std::string::npos);
  data = hex::decode(kSamParams);
  data[32 + 30] = 1;  // bool's high bytes
  EXPECT_NE(decode_error(sam_types(), data).find("[1]: bool"), std::string::npos);
}

// Any single-byte corruption either fails with ParseError or decodes to something whose
// canonical encoding is exactly the corrupted input: the decoder accepts nothing else.
void expect_corruption_rejected_or_canonical(const std::vector<Type>& types, const Bytes& original) {
  for (std::size_t i = 0; i < original.size(); ++i) {
    for (std::uint8_t v : {0x00, 0x01, 0x20, 0x80, 0xff}) {
      Bytes data = original;
      data[i] = v;
      try {
        const std::vector<Value> values = decode_params(types, data);
        EXPECT_EQ(encode_params(types, values), data) << "byte " << i << " = " << int(v);
      } catch (const ParseError&) {
      }
    }
  }
}

TEST(AbiDecode, CorruptionIsRejectedOrCanonical) {
  expect_corruption_rejected_or_canonical(sam_types(), hex::decode(kSamParams));
}

// Fixed arrays and tuples holding dynamic members, nested in dynamic arrays.
TEST(AbiDecode, NestedDynamicRoundTripAndCorruption) {
  const std::vector<Type> types = types_of({"(string,uint8)[2]", "bytes[2][]", "(int8,(bool,bytes)[])", "bytes4"});
  const std::vector<Value> values = {
      ValueList{ValueList{std::string("ab"), U256(1)}, ValueList{std::string(), U256(255)}},
      ValueList{ValueList{Bytes{1}, Bytes(33, 7)}, ValueList{Bytes{}, Bytes{2, 3}}},
      ValueList{I256::from_int64(-7), ValueList{ValueList{true, Bytes{9}}, ValueList{false, Bytes{}}}},
      Bytes{0xde, 0xad, 0xbe, 0xef},
  };
  const Bytes enc = encode_params(types, values);
  EXPECT_EQ(decode_params(types, enc), values);
  EXPECT_EQ(value_from_json(Type::tuple(types), value_to_json(Type::tuple(types), ValueList(values))),
            Value(ValueList(values)));
  expect_corruption_rejected_or_canonical(types, enc);
}

TEST(AbiDecode, DepthLimitForProgrammaticTypes) {
  Type t = Type::uint();
  for (unsigned i = 0; i < kMaxTypeDepth + 2; ++i) t = Type::array(t);
  // Each array level holds one element: a length word 1, then (for dynamic elements) offset 0x20.
  const std::size_t levels = kMaxTypeDepth + 2;
  Bytes data(32 * 2 * levels, 0);
  for (std::size_t i = 0; i < levels; ++i) {
    set_word(data, 2 * i, U256(1));
    if (i + 1 < levels) set_word(data, 2 * i + 1, U256(0x20));
  }
  try {
    decode(t, data);
    ADD_FAILURE() << "decoded a type nested beyond the limit";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("nests deeper"), std::string::npos) << e.what();
  }
  Value v = U256(0);
  for (unsigned i = 0; i < kMaxTypeDepth + 2; ++i) v = ValueList{v};
  EXPECT_THROW(encode(t, v), ParseError);
}

TEST(AbiDecode, ZeroSizedElementTypesAreRejected) {
  const Type empty_tuple_array = Type::array(Type::tuple({}));
  Bytes data(64, 0);
  set_word(data, 0, U256::max());
  EXPECT_THROW(decode(empty_tuple_array, data, Mode::allow_trailing), ParseError);
}

// ------------------------------------------------------------------------------------------
// JSON

TEST(AbiJson, RoundTrip) {
  const Type t = Type::parse("(uint256,int16,address,bool,bytes2,bytes,string,uint8[2],(uint64,bytes32)[])");
  const nlohmann::ordered_json in = nlohmann::ordered_json::parse(R"([
    "115792089237316195423570985008687907853269984665640564039457584007913129639935",
    -300, "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", true, "0xABcd", "0x", "héllo",
    [1, "2"], [[18446744073709551615, "0x0101010101010101010101010101010101010101010101010101010101010101"]]
  ])");
  const Value v = value_from_json(t, in);
  const nlohmann::ordered_json out = value_to_json(t, v);
  const nlohmann::ordered_json expected = nlohmann::ordered_json::parse(R"([
    "115792089237316195423570985008687907853269984665640564039457584007913129639935",
    "-300", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", true, "0xabcd", "0x", "héllo",
    ["1", "2"], [["18446744073709551615", "0x0101010101010101010101010101010101010101010101010101010101010101"]]
  ])");
  EXPECT_EQ(out, expected);
  EXPECT_EQ(value_from_json(t, out), v);
  EXPECT_EQ(decode(t, encode(t, v)), v);
}

TEST(AbiJson, RejectsBadValuesWithPath) {
  const Type t = Type::parse("(uint8,(address,bytes2)[])");
  const auto error = [&](const char* json) -> std::string {
    try {
      value_from_json(t, nlohmann::ordered_json::parse(json));
    } catch (const ParseError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_EQ(error(R"([256, []])"), "[0]: value out of range for uint8");
  EXPECT_EQ(error(R"([-1, []])"), "[0]: expected a non-negative integer (JSON integer or decimal string)");
  EXPECT_EQ(error(R"([1.5, []])"), "[0]: expected a non-negative integer (JSON integer or decimal string)");
  EXPECT_EQ(error(R"(["01", []])"), "[0]: amount must be a decimal integer string without leading zeros");
  EXPECT_EQ(error(R"([1, [["0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", "0x0000"]]])"),
            "[1][0][0]: address checksum does not match EIP-55");
  EXPECT_EQ(error(R"([1, [["0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", "0x00"]]])"),
            "[1][0][1]: hex string must encode exactly 2 bytes, got 1");
  EXPECT_EQ(error(R"([1])"), "(uint8,(address,bytes2)[]) needs 2 elements, got 1");
  EXPECT_EQ(error(R"({"a": 1})"), "expected a JSON array for (uint8,(address,bytes2)[])");
  EXPECT_NE(error(R"([1, [[1, "0x0000"]]])"), "");
  EXPECT_THROW(value_from_json(Type::parse("bool"), 1), ParseError);
  EXPECT_THROW(value_from_json(Type::parse("string"), 1), ParseError);
  EXPECT_THROW(value_from_json(Type::parse("int8"), "-129"), ParseError);
  EXPECT_THROW(value_from_json(Type::parse("bytes"), "abcd"), ParseError);
}

}  // namespace
}  // namespace sr::abi
