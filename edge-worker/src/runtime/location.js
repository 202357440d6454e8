// Where a new Durable Object should live. Objects that hold one user's data (a quote's gasless
// job, a deposit address) serve that user's region, so they are created near the request that
// creates them; the runtime uses the hint only when the object does not exist yet. Shared
// objects (intent shards, chain readers, rate limiters) take no hint: they serve everyone.
// Hints are Cloudflare's region names; request.cf says where the client is.

/** @param {Request} request @returns {string | undefined} */
export function locationHintOf(request) {
  const cf = request?.cf;
  if (!cf?.continent) return undefined;
  const longitude = Number(cf.longitude);
  switch (cf.continent) {
    case "NA": return longitude < -100 ? "wnam" : "enam";
    case "SA": return "sam";
    case "EU": return longitude > 20 ? "eeur" : "weur";
    case "AF": return "afr";
    case "OC": return "oc";
    case "AS": return cf.country && ["AE", "SA", "QA", "BH", "KW", "OM", "IL", "JO", "TR", "IR", "IQ"].includes(cf.country) ? "me" : "apac";
    default: return undefined;
  }
}

/** get() options with the hint, when there is one. */
export function near(request) {
  const locationHint = locationHintOf(request);
  return locationHint ? { locationHint } : undefined;
}
