// GET /docs in a real browser (Debian's Chromium, driven by playwright-core as the web demo's test
// drives it): the API reference rendered from openapi.json at build time lists every operation of
// the document, logs no console error, and makes no request that leaves the worker's origin (the
// page embeds Redoc's scripts; blob: URLs of the page's own origin are its search worker). `/`
// links to it. Without /usr/bin/chromium this suite FAILS (scripts/ensure-chromium.sh installs it).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { launchChromium } from "../../../web-demo/scripts/browser.mjs";
import { contract } from "../contract.mjs";
import { buildBundle, removeBundle, startWorker, tempDir } from "../harness.mjs";

let bundleDir;
let persist;
let worker;
let browser;

before(async () => {
  bundleDir = buildBundle();
  persist = tempDir("sr-docs-state-");
  worker = await startWorker({ bundleDir, persistDir: persist.dir });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await worker?.dispose();
  persist?.remove();
  if (bundleDir) removeBundle(bundleDir);
});

const operations = Object.values(contract.paths).flatMap((item) => ["get", "post", "put", "patch", "delete"].filter((m) => item[m]).map((m) => item[m]));

test("the front page links to the API reference", async () => {
  const res = await worker.fetch("/");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type"), /^text\/html/);
  assert.match(await res.text(), /<a href="\/docs">API reference<\/a>/);
});

test("/docs lists every operation, logs no console error and requests nothing from another origin", async () => {
  const origin = new URL(worker.base).origin;
  const requests = [];
  const problems = [];
  browser.context.on("request", (request) => requests.push(request.url()));
  const page = await browser.context.newPage();
  page.on("console", (message) => message.type() === "error" && problems.push(`console: ${message.text()}`));
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("response", (response) => response.status() >= 400 && problems.push(`${response.status()} for ${response.url()}`));
  const res = await page.goto(`${origin}/docs`, { waitUntil: "networkidle" });
  assert.equal(res.status(), 200);
  assert.equal(await page.title(), "stableroutes API reference");

  // Each tag's operations are listed in the menu once the tag is opened.
  const tags = [...new Set(operations.flatMap((op) => op.tags))];
  const hasLinks = (wanted) => {
    const have = new Set([...document.querySelectorAll("a[href^='#/']")].map((a) => a.getAttribute("href").split("/").pop()));
    return wanted.every((id) => have.has(id));
  };
  for (const tag of tags) {
    // A tag Redoc has opened already (the one in view) would close again on a click.
    const ofTag = operations.filter((op) => op.tags.includes(tag)).map((op) => op.operationId.toLowerCase());
    if (await page.evaluate(hasLinks, ofTag)) continue;
    await page.locator('[data-testid="menu-item-label"]', { hasText: new RegExp(`^${tag}$`) }).first().click();
  }
  // Redoc renders an opened tag's entries after the click returns: wait (bounded) until every
  // operation's link is there, so a busy machine is not read as a missing operation (the assertion
  // below names whatever is still absent).
  const ids = operations.map((op) => op.operationId.toLowerCase());
  await page.waitForFunction(hasLinks, ids, { timeout: 15000 }).catch(() => {});
  const listed = new Set(await page.evaluate(() => [...document.querySelectorAll("a[href^='#/']")].map((a) => a.getAttribute("href").split("#")[1].split("/").pop())));
  const missing = operations.map((op) => op.operationId).filter((id) => !listed.has(id.toLowerCase()));
  assert.deepEqual(missing, [], "operations missing from the reference");

  // An operation's page shows its request and response samples.
  await page.goto(`${origin}/docs#/quotes/createquote`, { waitUntil: "networkidle" });
  await page.getByText("Request a signed, executable quote").first().waitFor();

  assert.deepEqual(problems, []);
  const elsewhere = requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith(`blob:${origin}/`));
  assert.deepEqual(elsewhere, [], "requests that left the origin");
  assert.ok(requests.some((url) => url === `${origin}/docs`));
});
