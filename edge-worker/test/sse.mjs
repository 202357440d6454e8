// Reading a Server-Sent Events response in tests (GET /v1/intents/stream).
import { waitFor } from "./gasless-helpers.mjs";

/** Reads an SSE response: resolves events ({event, id, data}) and comments as they arrive. */
export function sse(response) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const items = [];
  let ended = false;
  const pump = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.startsWith(":")) {
          items.push({ comment: block.slice(1).trim() });
          continue;
        }
        const fields = Object.fromEntries(block.split("\n").map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]));
        items.push({ event: fields.event, id: fields.id, data: JSON.parse(fields.data) });
      }
    }
    ended = true;
  })();
  return {
    items,
    statuses: () => items.filter((i) => i.event).map((i) => i.data),
    ended: () => ended,
    until: (predicate, timeoutMs = 10_000) => waitFor(() => items, () => predicate(items), { timeoutMs, intervalMs: 50 }),
    done: pump,
    close: () => reader.cancel().catch(() => {}),
  };
}
