// Bytes as the worker handles them: hex and base64 text, fresh randomness for the core, and a
// comparison that takes the same time whatever the bytes.

const HEX_BYTES = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** Lowercase hex of `bytes`, without a 0x prefix. */
export function hexOf(bytes) {
  let hex = "";
  for (const b of bytes) hex += HEX_BYTES[b];
  return hex;
}

/** The bytes of hex text (a 0x prefix is allowed); throws unless it is whole bytes of hex. */
export function bytesOfHex(hex) {
  const clean = String(hex).replace(/^0x/i, "");
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(clean)) throw new Error("not whole bytes of hex");
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** `bytes` fresh random bytes as hex: the randomness the core's ops take as input. */
export function randomHex(bytes = 64) {
  return hexOf(crypto.getRandomValues(new Uint8Array(bytes)));
}

export const base64Of = (bytes) => btoa(String.fromCharCode(...bytes));
export const bytesOfBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/**
 * Whether two byte strings of the same length are equal, looking at every byte whatever it finds
 * (no early exit): 1 or 0, so a caller can also select without a branch.
 */
export function sameBytes(a, b) {
  if (a.length !== b.length) return 0;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return ((diff - 1) >>> 31) & 1;
}
