// Fan-out to remote solvers: every request in parallel, each bounded by its own timeout. A slow,
// failing or garbled solver yields no answer; it never fails the quote another solver can fill.

const MAX_ANSWER_BYTES = 256 * 1024;
const MAX_TIMEOUT_MS = 10_000;

/**
 * @param {{ solverId: string, url: string, timeoutMs: number, body: unknown }[]} requests
 *        what the core's "solverRequests" asks the worker to send
 * @returns {Promise<object[]>} the answers that arrived in time, each tagged with its solverId
 */
export async function askSolvers(requests) {
  const answers = await Promise.all(requests.map(askOne));
  return answers.filter((a) => a !== null);
}

async function askOne({ solverId, url, timeoutMs, body }) {
  const started = Date.now();
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(Math.min(Math.max(1, Number(timeoutMs) || MAX_TIMEOUT_MS), MAX_TIMEOUT_MS)),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const text = await res.text();
    if (text.length > MAX_ANSWER_BYTES) throw new Error("answer too large");
    const answer = JSON.parse(text);
    if (answer === null || typeof answer !== "object" || Array.isArray(answer)) throw new Error("answer is not a JSON object");
    return { ...answer, solverId };
  } catch (e) {
    console.warn(JSON.stringify({ event: "solver-no-answer", solverId, ms: Date.now() - started, reason: String(e?.name === "TimeoutError" ? "timeout" : e?.message ?? e) }));
    return null;
  }
}
