// Resolves a host name to its IPv4 and IPv6 addresses over DNS-over-HTTPS (JSON API), so the core
// can refuse a webhook URL whose name points inside a network. Workers have no resolver of their
// own; DNS_RESOLVER_URL selects the service (default Cloudflare's; tests use a loopback stand-in).
const DEFAULT_RESOLVER = "https://cloudflare-dns.com/dns-query";
const TIMEOUT_MS = 5_000;

/** @returns {Promise<string[]>} every A and AAAA address of `host` (empty when it has none) */
export async function resolveHost(env, host) {
  const resolver = env.DNS_RESOLVER_URL || DEFAULT_RESOLVER;
  const lookup = async (type) => {
    const res = await fetch(`${resolver}?name=${encodeURIComponent(host)}&type=${type}`, {
      headers: { accept: "application/dns-json" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`DNS lookup of ${host} failed: HTTP ${res.status}`);
    const body = await res.json();
    const wanted = type === "A" ? 1 : 28;
    return (body.Answer ?? []).filter((a) => a.type === wanted).map((a) => a.data);
  };
  const [v4, v6] = await Promise.all([lookup("A"), lookup("AAAA")]);
  return [...v4, ...v6];
}
