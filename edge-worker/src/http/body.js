// Reads a JSON request body under the service's input limits: media type, size (declared and
// actual), UTF-8, syntax with a position, and nesting depth.
import { HttpError } from "./responses.js";
import { findJsonSyntaxProblem } from "./json-syntax.js";

export const MAX_BODY_BYTES = 64 * 1024;
export const MAX_JSON_DEPTH = 64;

/** application/json or any application/*+json, parameters ignored except a non-UTF-8 charset. */
function isJsonMediaType(contentType) {
  if (!contentType) return false;
  const [type, ...params] = contentType.toLowerCase().split(";").map((s) => s.trim());
  if (!/^application\/(?:[a-z0-9.+-]+\+)?json$/.test(type)) return false;
  const charset = params.find((p) => p.startsWith("charset="));
  return !charset || charset.replace(/^charset="?|"?$/g, "") === "utf-8";
}

const tooLarge = () =>
  new HttpError(413, "payload-too-large", `request body exceeds ${MAX_BODY_BYTES} bytes`);

/** Reads the stream, stopping as soon as it passes the limit whatever Content-Length said. */
async function readLimited(request) {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > MAX_BODY_BYTES) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}

const invalid = (message) => new HttpError(400, "invalid-request", message, [{ field: "body", message }]);

/**
 * @param {Request} request
 * @returns {Promise<unknown>} the parsed body
 */
export async function readJsonBody(request) {
  if (!isJsonMediaType(request.headers.get("content-type"))) {
    throw new HttpError(415, "unsupported-media-type", "send the body as application/json (UTF-8)");
  }
  const bytes = await readLimited(request);
  if (bytes.byteLength === 0) throw invalid("request body is empty; send a JSON object");
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw invalid("request body is not valid UTF-8");
  }
  const problem = findJsonSyntaxProblem(text, MAX_JSON_DEPTH);
  if (problem) {
    throw invalid(
      `malformed JSON at line ${problem.line}, column ${problem.column} (offset ${problem.offset}): ${problem.message}`,
    );
  }
  return JSON.parse(text);
}
