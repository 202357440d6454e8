// Turns a core answer {status, body, headers?} into the HTTP response.
import { json, problemResponse } from "./responses.js";

/** @param {import("../router.js").Context} c @param {import("../core.js").CoreAnswer} answer */
export function coreResponse(c, answer) {
  if (answer.status >= 400) return problemResponse(answer.body, c.requestId, answer.headers);
  return json(answer.body, answer.status, answer.headers);
}
