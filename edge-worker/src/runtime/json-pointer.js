// Members the core names by JSON pointer (RFC 6901), set in a body the worker holds: how an answer
// the core computed from a small input (op "quoteGas": gas limits from simulation results) lands
// in a large body it need not parse again. The worker decides nothing here: where and what come
// from the core.

/**
 * Sets each entry's members on the object its pointer names, in order. A pointer that names no
 * object of `body` is the core's and the worker's disagreement about the body: it throws.
 * @param {any} body
 * @param {{ path: string, set: Record<string, unknown> }[]} patch
 */
export function setAtPointers(body, patch) {
  for (const { path, set } of patch) Object.assign(objectAt(body, path), set);
  return body;
}

function objectAt(body, pointer) {
  if (typeof pointer !== "string" || (pointer !== "" && !pointer.startsWith("/"))) throw new Error(`not a JSON pointer: ${pointer}`);
  let at = body;
  for (const raw of pointer === "" ? [] : pointer.slice(1).split("/")) {
    const token = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, token)) throw new Error(`nothing at ${pointer}`);
    at = at[token];
  }
  if (at === null || typeof at !== "object" || Array.isArray(at)) throw new Error(`no object at ${pointer}`);
  return at;
}
