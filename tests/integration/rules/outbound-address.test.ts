import type dns from "node:dns";
import { afterEach, describe, expect, it } from "vitest";
import { addressRange, allowTestReceiver, guardedLookup, internalAddressOf, PrivateAddressError } from "~/modules/webhooks/address.server";

/**
 * The address guard of outbound webhooks (address.server.ts) on names, not
 * only IP literals: `localhost` resolves (from /etc/hosts, no network) to
 * a loopback address, `*.invalid` never resolves (RFC 6761). Each side: an
 * internal name refused unless allowed, allowed when the admin said so, a
 * name that does not resolve left to the connection's own lookup.
 */
const LOOPBACK = /^(127\.0\.0\.1|::1)$/;

afterEach(() => allowTestReceiver(null));

type Result = { error: NodeJS.ErrnoException | null; address: string | dns.LookupAddress[]; family?: number };
function lookup(allowPrivate: boolean, hostname: string, options: dns.LookupOptions): Promise<Result> {
  return new Promise((resolve) => guardedLookup(allowPrivate)(hostname, options, (error, address, family) => resolve({ error, address, family })));
}

describe("a URL's host checked before a webhook is saved or sent", () => {
  it("a name that resolves to an internal address is refused with that address, unless allowed", async () => {
    expect(await internalAddressOf("http://localhost:8080/hook", false)).toMatch(LOOPBACK);
    expect(await internalAddressOf("http://localhost:8080/hook", true)).toBeNull();
  });

  it("IP literals are judged as they are, brackets of IPv6 included", async () => {
    expect(await internalAddressOf("http://127.0.0.1/hook", false)).toBe("127.0.0.1");
    expect(await internalAddressOf("http://[::1]:8080/hook", false)).toBe("::1");
    expect(await internalAddressOf("https://8.8.8.8/hook", false)).toBeNull();
    expect(addressRange("[::1]")).toBe("loopback");
    expect(addressRange("fe80::1%eth0")).toBe("linkLocal");
  });

  it("a name that does not resolve now, or a URL that does not parse, is left to the connection", async () => {
    expect(await internalAddressOf("https://nao-existe.invalid/hook", false)).toBeNull();
    expect(await internalAddressOf("não é url", false)).toBeNull();
  });
});

describe("the connection's own lookup", () => {
  it("refuses a name with an internal address, with that address in the error", async () => {
    const r = await lookup(false, "localhost", {});
    expect(r.error).toBeInstanceOf(PrivateAddressError);
    expect(r.error!.message).toMatch(/^endereço de rede interna \((127\.0\.0\.1|::1)\)$/);
  });

  it("when allowed, answers one address or all of them, as the caller asked", async () => {
    const one = await lookup(true, "localhost", {});
    expect(one.error).toBeNull();
    expect(one.address).toMatch(LOOPBACK);
    expect([4, 6]).toContain(one.family);
    const all = await lookup(true, "localhost", { all: true });
    expect(all.error).toBeNull();
    expect(Array.isArray(all.address) && all.address.map((a) => a.address).every((a) => LOOPBACK.test(a))).toBe(true);
  });

  it("passes a failed resolution on as it is", async () => {
    const r = await lookup(false, "nao-existe.invalid", {});
    expect(r.error?.code).toMatch(/^(ENOTFOUND|EAI_AGAIN)$/);
    expect(r.address).toBe("");
  });
});

describe("the test receiver's allowance (NODE_ENV=test only): one host and one port, the URL's default port included", () => {
  it("a URL without a port is on 80 for http and 443 for https", async () => {
    allowTestReceiver(80);
    expect(await internalAddressOf("http://127.0.0.1/hook", false)).toBeNull();
    expect(await internalAddressOf("https://127.0.0.1/hook", false)).toBe("127.0.0.1");
    expect(await internalAddressOf("http://127.0.0.1:8080/hook", false)).toBe("127.0.0.1");
    allowTestReceiver(443);
    expect(await internalAddressOf("https://127.0.0.1/hook", false)).toBeNull();
    expect(await internalAddressOf("http://127.0.0.1/hook", false)).toBe("127.0.0.1");
    expect(await internalAddressOf("http://127.0.0.1:443/hook", false)).toBeNull();
  });

  it("switched off, it lets nothing through, not even a lookup that names no port", async () => {
    allowTestReceiver(8080);
    allowTestReceiver(null);
    expect(await internalAddressOf("http://127.0.0.1:8080/hook", false)).toBe("127.0.0.1");
    const r = await lookup(false, "localhost", { family: 4 });
    expect(r.error).toBeInstanceOf(PrivateAddressError);
    expect(r.error!.message).toBe("endereço de rede interna (127.0.0.1)");
  });
});
