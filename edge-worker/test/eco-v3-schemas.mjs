// Eco's own contract for the legacy v3 interface, as a second test oracle beside openapi.json.
//
// Source: the OpenAPI document Eco publishes for its quotes API, "Eco Routes API" (OpenAPI 3.0.0,
// info.version "1.0"), served at https://docs.eco.com/openapi.json; a public copy is in the GitHub
// repository api-evangelist/eco, openapi/_original/eco-routes-openapi-original.json. The schemas
// below are written here, as JSON Schema 2020-12, from that document's facts for the components
// this service answers with or accepts: member names, types, enums and required lists. Nothing
// else is taken from it. Like Eco's document they leave objects open (a client generated from it
// ignores members it does not know), so what they catch is a missing required member, a null
// where a string or object is required, a wrong type, or a value outside an enum.
//
// Components (Eco's names): QuotesRequestV3DTO, QuoteRequestV3DTO, QuotesV3RequestContractsDTO,
// QuotesResponseV3DTO, SolverQuoteV2ResponseDTO, SolverQuoteDataV2DTO, QuoteResponseDataV3DTO,
// FeeV3DTO, TokenInfoV3DTO, QuoteV3ResponseContractsDTO, IntentStatusRequestV3DTO,
// IntentStatusResponseV3DTO, IntentStatusV3DTO, StatusV3DTO, TransactionInfoV3DTO.
import Ajv2020 from "ajv/dist/2020.js";

const ref = (name) => ({ $ref: `#/$defs/${name}` });
const string = { type: "string" };
const number = { type: "number" };
const object = (properties, required = []) => ({ type: "object", properties, required });
const EXECUTION_TYPES = ["SELF_PUBLISH", "GASLESS"];

export const ECO_V3_SCHEMAS = {
  $id: "https://stableroutes.invalid/eco-v3",
  $defs: {
    QuotesV3RequestContractsDTO: object({ sourcePortal: string, destinationPortal: string, prover: string }),
    QuoteRequestV3DTO: object(
      {
        sourceChainID: number,
        destinationChainID: number,
        sourceToken: string,
        destinationToken: string,
        sourceAmount: string,
        funder: string,
        refundRecipient: string,
        recipient: string,
      },
      ["sourceChainID", "destinationChainID", "sourceToken", "destinationToken", "sourceAmount", "funder", "recipient"],
    ),
    QuotesRequestV3DTO: object(
      {
        dAppID: string,
        intentExecutionTypes: { type: "array", items: { type: "string", enum: EXECUTION_TYPES } },
        quoteRequest: ref("QuoteRequestV3DTO"),
        contracts: ref("QuotesV3RequestContractsDTO"),
      },
      ["dAppID", "intentExecutionTypes", "quoteRequest"],
    ),
    TokenInfoV3DTO: object({ address: string, decimals: number, symbol: string }, ["address", "decimals", "symbol"]),
    FeeV3DTO: object({ name: string, description: string, token: ref("TokenInfoV3DTO"), amount: string }, ["name", "description", "token", "amount"]),
    QuoteResponseDataV3DTO: object(
      {
        intentExecutionType: { type: "string", enum: EXECUTION_TYPES },
        sourceChainID: number,
        destinationChainID: number,
        sourceToken: string,
        destinationToken: string,
        sourceAmount: string,
        destinationAmount: string,
        funder: string,
        refundRecipient: string,
        recipient: string,
        fees: { type: "array", items: ref("FeeV3DTO") },
        deadline: number,
        estimatedFulfillTimeSec: number,
        encodedRoute: string,
      },
      [
        "intentExecutionType", "sourceChainID", "destinationChainID", "sourceToken", "destinationToken", "sourceAmount",
        "destinationAmount", "funder", "refundRecipient", "recipient", "fees", "deadline", "estimatedFulfillTimeSec", "encodedRoute",
      ],
    ),
    QuoteV3ResponseContractsDTO: object({ sourcePortal: string, destinationPortal: string, prover: string }, ["sourcePortal", "destinationPortal", "prover"]),
    SolverQuoteDataV2DTO: object({ quoteResponse: ref("QuoteResponseDataV3DTO"), contracts: ref("QuoteV3ResponseContractsDTO") }, ["contracts"]),
    SolverQuoteV2ResponseDTO: object(
      { quoteID: string, solverID: string, receiveSignedIntentUrl: string, quoteData: ref("SolverQuoteDataV2DTO") },
      ["quoteID", "solverID", "receiveSignedIntentUrl", "quoteData"],
    ),
    QuotesResponseV3DTO: object({ data: { type: "array", items: ref("SolverQuoteV2ResponseDTO") } }, ["data"]),
    IntentStatusRequestV3DTO: {
      ...object({ intentHash: string, intentCreatedHash: string, fulfillmentHash: string }),
      oneOf: [{ required: ["intentHash"] }, { required: ["intentCreatedHash"] }, { required: ["fulfillmentHash"] }],
    },
    StatusV3DTO: object(
      {
        status: { type: "string", enum: ["Pending", "Completed"] },
        subStatus: { type: "string", enum: ["WaitingToFulfill", "WaitingForRefund", "Fulfilled", "Refunded"] },
        subStatusMessage: string,
      },
      ["status", "subStatus", "subStatusMessage"],
    ),
    TransactionInfoV3DTO: object({ chainId: number, transactionHash: string, blockExplorerUrl: string }, ["chainId", "transactionHash", "blockExplorerUrl"]),
    IntentStatusV3DTO: object(
      {
        intentHash: string,
        status: ref("StatusV3DTO"),
        intentCreated: ref("TransactionInfoV3DTO"),
        fulfillment: ref("TransactionInfoV3DTO"),
        refund: ref("TransactionInfoV3DTO"),
      },
      ["intentHash", "status", "intentCreated"],
    ),
    IntentStatusResponseV3DTO: object({ data: ref("IntentStatusV3DTO") }, ["data"]),
  },
};

// strictRequired off: Eco's intentStatus request names its one required identifier inside oneOf.
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
ajv.addSchema(ECO_V3_SCHEMAS);
const validators = new Map();

/** Eco's validator of one of the components above. */
export function ecoValidator(name) {
  if (!(name in ECO_V3_SCHEMAS.$defs)) throw new Error(`no Eco schema ${name}`);
  if (!validators.has(name)) validators.set(name, ajv.getSchema(`${ECO_V3_SCHEMAS.$id}#/$defs/${name}`));
  return validators.get(name);
}

/** Where `value` departs from Eco's component `name`, as readable lines (empty when it conforms). */
export function ecoViolations(name, value) {
  const validate = ecoValidator(name);
  if (validate(value)) return [];
  return validate.errors.map((e) => `Eco ${name}: ${e.instancePath || "(root)"} ${e.message}${e.params ? " " + JSON.stringify(e.params) : ""}`);
}

// The success answer of each /api/v3 operation this service serves, by Eco's document.
const ECO_RESPONSES = {
  "/api/v3/quotes/exactOut": "QuotesResponseV3DTO",
  "/api/v3/quotes/exactIn": "QuotesResponseV3DTO",
  "/api/v3/intents/intentStatus": "IntentStatusResponseV3DTO",
};

/**
 * Where a 2xx answer on an /api/v3 path departs from Eco's document (empty for other paths and
 * statuses: Eco documents no error bodies).
 */
export function ecoResponseViolations(pathname, status, body) {
  const name = ECO_RESPONSES[pathname];
  if (!name || status < 200 || status > 299) return [];
  return ecoViolations(name, body);
}
