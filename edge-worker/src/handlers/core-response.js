// Turns a core answer {status, body, headers?} into the HTTP response.
import { callCore } from "../core.js";
import { json, problemResponse } from "../http.js";
import { settings } from "../settings.js";

/** @param {import("../router.js").Context} c */
export function askCore(c, op, input) {
  return callCore(settings(c.env).coreInputs, op, input);
}

/** @param {import("../router.js").Context} c @param {import("../core.js").CoreAnswer} answer */
export function coreResponse(c, answer) {
  if (answer.status >= 400) return problemResponse(answer.body, c.requestId, answer.headers);
  return json(answer.body, answer.status, answer.headers);
}
