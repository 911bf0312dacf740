import dns from "node:dns";
import { afterEach, describe, expect, it, vi } from "vitest";
import { internalAddressOf } from "~/modules/webhooks/address.server";

/**
 * The save-time check of a webhook address that is a name waits 3 seconds
 * for the name to resolve, no more: an answer within them is judged (an
 * internal address refused), a later one is left to the connection's own
 * lookup at send, so a slow DNS never holds the admin's save. The DNS is a
 * local stand-in answering after a set delay; the timers are fake, so the
 * boundary is exact (2,999 ms and 3,001 ms).
 */
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A DNS that answers `address` after `ms` (on the fake clock). */
function slowDns(ms: number, address: string): void {
  vi.spyOn(dns.promises, "lookup").mockImplementation((() => new Promise((resolve) => setTimeout(() => resolve([{ address, family: 4 }]), ms))) as never);
}

async function judgedAfter(ms: number): Promise<{ settledAt: number; result: string | null }> {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  slowDns(ms, "127.0.0.1");
  let result: string | null | undefined;
  void internalAddressOf("https://webhooks.imobiliaria.example/lead", false).then((r) => (result = r));
  let settledAt = 0;
  while (result === undefined && settledAt < 10_000) {
    await vi.advanceTimersByTimeAsync(1);
    settledAt += 1;
  }
  return { settledAt, result: result ?? null };
}

describe("the save-time lookup of a webhook's name", () => {
  it("an internal address answered at 2,999 ms is refused", async () => {
    expect(await judgedAfter(2_999)).toEqual({ settledAt: 2_999, result: "127.0.0.1" });
  });

  it("a name still unresolved at 3 s is left to the connection: the save goes on at 3,000 ms", async () => {
    expect(await judgedAfter(3_001)).toEqual({ settledAt: 3_000, result: null });
  });

  it("an answer in time leaves no 3-second timer behind (nothing keeps the process waiting after the save)", async () => {
    const { settledAt, result } = await judgedAfter(10);
    expect({ settledAt, result }).toEqual({ settledAt: 10, result: "127.0.0.1" });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a DNS that never answers does not hold the save past 3 s", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.spyOn(dns.promises, "lookup").mockImplementation((() => new Promise(() => {})) as never);
    let done = false;
    void internalAddressOf("https://webhooks.imobiliaria.example/lead", false).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
