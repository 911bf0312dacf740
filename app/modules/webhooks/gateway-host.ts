import ipaddr from "ipaddr.js";

/**
 * The WhatsApp gateway's own rule (not the webhooks' one): an Evolution API
 * on this machine or the agency's network is the normal set-up, so
 * loopback, private, unique-local and CGNAT addresses are fine, and names
 * are not resolved. Only an admin (or the operator's EVOLUTION_API_URL)
 * sets it, and the client refuses redirects. What is never a gateway:
 * link-local addresses (cloud metadata services such as 169.254.169.254),
 * multicast, broadcast, 0.0.0.0/8 and reserved ranges, in any spelling.
 */
const GATEWAY_RANGES = new Set(["unicast", "loopback", "private", "uniqueLocal", "carrierGradeNat"]);
export function isGatewayHostAllowed(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "");
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(host.replace(/%.*$/, ""));
  } catch {
    return true; // a name
  }
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return GATEWAY_RANGES.has(parsed.range());
}
