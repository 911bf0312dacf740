import { describe, expect, it } from "vitest";
import { assertCan, brokerScope, can } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";

/** The one permission check: pure data, so these need no database. */
function broker(id: string, isActive = true): SessionUser {
  return { id: `user-${id}`, email: `${id}@teste.com.br`, name: id, role: "broker", broker: { id, name: id, isActive, profileImage: null, phone: "" } };
}
const admin: SessionUser = { id: "user-admin", email: "admin@teste.com.br", name: "Admin", role: "admin", broker: null };
const ana = broker("ana");
const bruno = broker("bruno");
const carla = broker("carla", false);

function statusOf(fn: () => void): number | null {
  try {
    fn();
    return null;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? -1;
  }
}

describe("can()", () => {
  it("a broker may update their own lead but not another broker's", () => {
    expect(can(ana, "update", "lead", { brokerId: "ana" })).toBe(true);
    expect(can(ana, "update", "lead", { brokerId: "bruno" })).toBe(false);
    expect(can(ana, "read", "lead", { brokerId: null })).toBe(false);
    expect(can(bruno, "update", "lead", { brokerId: "bruno" })).toBe(true);
  });

  it("ownership by user id counts too (a property the broker created)", () => {
    expect(can(ana, "update", "property", { userId: "user-ana" })).toBe(true);
    expect(can(ana, "update", "property", { userId: "user-bruno", brokerId: "bruno" })).toBe(false);
    // Everyone reads the whole catalogue.
    expect(can(ana, "read", "property", { brokerId: "bruno" })).toBe(true);
  });

  it("admin-only actions stay admin-only for brokers, even on their own records", () => {
    expect(can(ana, "delete", "lead", { brokerId: "ana" })).toBe(false);
    expect(can(ana, "update", "note", { userId: "user-ana" })).toBe(false);
    expect(can(ana, "delete", "note", { userId: "user-ana" })).toBe(false);
    expect(can(ana, "update", "stage")).toBe(false);
    expect(can(ana, "read", "admin-area")).toBe(false);
    expect(can(ana, "update", "webhook")).toBe(false);
  });

  it("an admin may do anything to any record", () => {
    expect(can(admin, "update", "lead", { brokerId: "bruno" })).toBe(true);
    expect(can(admin, "delete", "lead", { brokerId: "ana" })).toBe(true);
    expect(can(admin, "delete", "note", { userId: "user-ana" })).toBe(true);
    expect(can(admin, "read", "admin-area")).toBe(true);
    expect(can(admin, "read", "broker-area")).toBe(true);
    expect(can(admin, "create", "stage")).toBe(true);
  });

  it("an inactive broker may do nothing, not even on their own records", () => {
    expect(can(carla, "read", "broker-area")).toBe(false);
    expect(can(carla, "read", "lead", { brokerId: "carla" })).toBe(false);
    expect(can(carla, "read", "property")).toBe(false);
  });

  it("nobody signed in may do nothing", () => {
    expect(can(null, "read", "property")).toBe(false);
    expect(can(null, "read", "broker-area")).toBe(false);
  });
});

describe("assertCan()", () => {
  it("passes silently when allowed", () => {
    expect(statusOf(() => assertCan(ana, "update", "lead", { brokerId: "ana" }))).toBeNull();
    expect(statusOf(() => assertCan(admin, "delete", "lead", { brokerId: "ana" }))).toBeNull();
  });

  it("throws 403 when refused, or 404 to hide that the record exists", () => {
    expect(statusOf(() => assertCan(ana, "update", "lead", { brokerId: "bruno" }))).toBe(403);
    expect(statusOf(() => assertCan(ana, "read", "lead", { brokerId: "bruno" }, { hideAs404: true }))).toBe(404);
    expect(statusOf(() => assertCan(carla, "read", "lead", { brokerId: "carla" }))).toBe(403);
    expect(statusOf(() => assertCan(null, "read", "lead"))).toBe(403);
  });

  it("carries a pt-BR message", () => {
    try {
      assertCan(ana, "delete", "lead", { brokerId: "ana" }, { message: "Apenas administradores: Somente administradores podem excluir leads." });
      throw new Error("should have thrown");
    } catch (error) {
      expect((error as { data: { message: string } }).data.message).toBe("Apenas administradores: Somente administradores podem excluir leads.");
    }
  });
});

describe("brokerScope()", () => {
  it("admins see every row; brokers only their own; a broker-less non-admin matches nothing", () => {
    expect(brokerScope(admin)).toBeNull();
    expect(brokerScope(ana)).toBe("ana");
    expect(brokerScope({ ...ana, broker: null })).toBe("__none__");
  });
});
