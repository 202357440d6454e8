// POST/GET/DELETE /v1/webhooks and GET /v1/webhooks/{id}/deliveries, per API key (partner-mapped
// keys only). The core validates the endpoint and makes its id and secret (op "webhookCreate");
// the worker resolves the URL's host when the core asks, seals the secret and stores it.
import { HttpError, json } from "../http/responses.js";
import { resolveHost } from "./dns.js";
import { sealSecret } from "./webhooks.js";
import { deliveriesOf, endpointsOf } from "../runtime/objects.js";
import { randomHex } from "../runtime/bytes.js";
import { nowSec } from "../runtime/time.js";
import { askCore } from "../core.js";
import { coreResponse } from "../http/core-response.js";
import { keyForCore } from "../keys/api-keys.js";

export async function createWebhook(c) {
  // The count lets the core cap endpoints per key (two creates racing may each see the last free place).
  const existing = (await endpointsOf(c.env, c.key.id).list()).length;
  const input = { body: c.body, keyId: c.key.id, random: randomHex(), now: nowSec(), existing };
  let answer = await askCore(c.env, "webhookCreate", input);
  if (answer.status === 200 && answer.body.resolve) {
    let addresses;
    try {
      addresses = await resolveHost(c.env, answer.body.resolve);
    } catch (e) {
      const message = `url's host ${answer.body.resolve} could not be resolved (${e?.message ?? e})`;
      throw new HttpError(400, "invalid-request", message, [{ field: "url", message }]);
    }
    answer = await askCore(c.env, "webhookCreate", { ...input, addresses });
  }
  if (answer.status !== 201) return coreResponse(c, answer);
  await endpointsOf(c.env, c.key.id).add(answer.body, await sealSecret(c.env, answer.body.secret), c.key.id);
  console.log(JSON.stringify({ event: "webhook-created", requestId: c.requestId, keyId: c.key.id, webhookId: answer.body.id }));
  return json(answer.body, 201);
}

/** The endpoint stores this key manages: the core names its partner's keys, revoked ones included. */
async function managedStores(c) {
  const answer = await askCore(c.env, "webhookKeys", { key: keyForCore(c.key) });
  if (answer.status !== 200) throw new HttpError(answer.status, answer.body.code, answer.body.detail, answer.body.errors);
  return answer.body.keyIds.map((id) => endpointsOf(c.env, id));
}

/** The store holding endpoint `id` among those the key manages, else the 404 (another partner's endpoint is as invisible as a missing one). */
async function storeOf(c, id) {
  for (const store of await managedStores(c)) if (await store.has(id)) return store;
  throw new HttpError(404, "not-found", `no webhook ${id}`);
}

export async function listWebhooks(c) {
  const lists = await Promise.all((await managedStores(c)).map((store) => store.list()));
  return json({ webhooks: lists.flat().sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1)) });
}

export async function deleteWebhook(c) {
  if (!(await (await storeOf(c, c.params.id)).remove(c.params.id))) throw new HttpError(404, "not-found", `no webhook ${c.params.id}`);
  return new Response(null, { status: 204 });
}

export async function webhookDeliveries(c) {
  await storeOf(c, c.params.id);
  return json({ deliveries: await deliveriesOf(c.env, c.params.id).recent() });
}
