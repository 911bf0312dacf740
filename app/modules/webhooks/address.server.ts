import dns from "node:dns";
import ipaddr from "ipaddr.js";

/**
 * Outbound calls to addresses an admin typed (lead webhooks, the roulette
 * webhook) must stay outside: an internal address would let a webhook reach
 * the agency's own network, a cloud metadata service or this server.
 *
 * The rule (docs/decisions.md, "Hardening, second round"): an address is
 * public only when ipaddr.js classifies it as plain `unicast`, and for IPv6
 * only inside the global unicast block 2000::/3. Everything else is refused:
 * loopback, private, CGNAT, link-local, unique-local, multicast, broadcast,
 * 0.0.0.0/8, documentation and benchmarking ranges, and every IPv6 form that
 * carries an IPv4 address (IPv4-mapped ::ffff:0:0/96, IPv4-compatible ::/96,
 * NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4 2002::/16, Teredo, SIIT),
 * whatever IPv4 address it carries. The check runs on every address a name
 * resolves to, inside the connection's own `lookup` (so a name that resolves
 * differently a second later cannot slip by), and on IP literals, which
 * Node connects to without any lookup.
 *
 * The WhatsApp gateway URL is NOT under this rule: a local Evolution API is
 * the normal set-up (messaging/whatsapp-client.server.ts).
 */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");

/** The ipaddr.js range name of an address ("unicast" for a public one), or "invalid". */
export function addressRange(ip: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(ip.replace(/^\[|\]$/g, "").replace(/%.*$/, ""));
  } catch {
    return "invalid";
  }
  if (parsed.kind() === "ipv4") return parsed.range();
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  if (range !== "unicast") return range;
  // ::a.b.c.d (IPv4-compatible, deprecated) and anything else outside 2000::/3 is no public address.
  if (v6.parts.slice(0, 6).every((p) => p === 0)) return "ipv4Compatible";
  if (!v6.match(GLOBAL_UNICAST_V6)) return "notGlobalUnicast";
  return "unicast";
}

export function isPublicAddress(ip: string): boolean {
  return addressRange(ip) === "unicast";
}

export function isPrivateAddress(ip: string): boolean {
  return !isPublicAddress(ip);
}

export class PrivateAddressError extends Error {
  readonly code = "EPRIVATEADDRESS";
  constructor(readonly address: string) {
    super(`endereço de rede interna (${address})`);
  }
}

// ── test-only allowance ───────────────────────────────────────────────────
// Integration tests run a receiver on 127.0.0.1. Instead of stubbing the
// rule, a test names that one receiver (host 127.0.0.1 AND its port); any
// other loopback port, and every other internal address, is still refused.
// It does nothing outside NODE_ENV=test.
let testReceiver: { port: number } | null = null;

/** Lets outbound calls reach 127.0.0.1:`port` (tests only); null switches it off. */
export function allowTestReceiver(port: number | null): void {
  testReceiver = port === null ? null : { port };
}

function testAllows(address: string, port: number | null): boolean {
  return process.env.NODE_ENV === "test" && testReceiver !== null && port === testReceiver.port && address === "127.0.0.1";
}

/**
 * Whether a connection to `address`:`port` may be made; `allowPrivate` is a
 * lead webhook's explicit 'Permitir rede interna'.
 */
export function mayConnect(address: string, port: number | null, allowPrivate: boolean): boolean {
  return allowPrivate || isPublicAddress(address) || testAllows(address, port);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request: resolves every address of the name and
 * refuses the connection when ANY of them is internal (unless allowed).
 */
export function guardedLookup(allowPrivate: boolean, port: number | null = null) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "");
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0) return callback(Object.assign(new Error(`sem endereço para ${hostname}`), { code: "ENOTFOUND" }), "");
      const bad = list.find((a) => !mayConnect(a.address, port, allowPrivate));
      if (bad) return callback(new PrivateAddressError(bad.address) as unknown as NodeJS.ErrnoException, "");
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

/** The port a URL connects to. */
export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

const SAVE_LOOKUP_TIMEOUT_MS = 3_000;

/**
 * Checks a URL's host before the request is made: an IP literal directly, a
 * name by resolving it (every address). Null when fine (or the name does not
 * resolve now: the connection's own lookup decides later); the internal
 * address otherwise.
 */
export async function internalAddressOf(rawUrl: string, allowPrivate: boolean): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const port = portOf(url);
  if (addressRange(host) !== "invalid") return mayConnect(host, port, allowPrivate) ? null : host;
  let addresses: dns.LookupAddress[];
  let timer: NodeJS.Timeout | undefined;
  try {
    // a name that does not resolve in time is judged when the call is made
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), SAVE_LOOKUP_TIMEOUT_MS)));
    addresses = await Promise.race([dns.promises.lookup(host, { all: true }), timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
  return addresses.find((a) => !mayConnect(a.address, port, allowPrivate))?.address ?? null;
}

/** The WhatsApp gateway's own rule lives in gateway-host.ts (browser-safe: the admin form checks it too). */
export { isGatewayHostAllowed } from "./gateway-host";
