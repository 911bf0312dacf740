import { describe, expect, it } from "vitest";
import { assertCan, brokerScope, can, canAdministerCrm, type Action, type Entity } from "~/modules/auth/permissions.server";
import type { SessionUser } from "~/modules/auth/session.server";

/**
 * The whole capability table of permissions.server.ts (spec 02 §6, spec 03
 * §2.11), both sides of every line: each action on each entity, for a broker
 * on their own record, on another broker's record and with no record (a list
 * or a creation), for an administrator, and for a broker granted CRM admin.
 * A permission dropped or added, an `own` turned into `any`, or an entity's
 * name changed makes one of these cells fail.
 */
const ACTIONS: Action[] = ["create", "read", "update", "delete", "manage"];
const ENTITIES: Entity[] = [
  "admin-area",
  "broker-area",
  "property",
  "lead",
  "note",
  "activity",
  "stage",
  "broker",
  "webhook",
  "blog",
  "roulette",
  "material",
  "crm-admin",
  "campaign",
  "whatsapp",
];

/** A broker's own work: allowed on their own records (and lists/creations), never on another broker's. */
const BROKER_OWN = [
  "read:broker-area",
  "create:property",
  "update:property",
  "delete:property",
  "read:lead",
  "create:lead",
  "update:lead",
  "create:note",
  "read:note",
  "create:activity",
  "read:activity",
  "update:activity",
  "create:campaign",
  "read:campaign",
  "update:campaign",
  "manage:whatsapp",
  "update:broker",
  "create:roulette",
];
/** What every active broker reads whoever owns it: the whole catalogue, the stages, the materials. */
const BROKER_ANY = ["read:property", "read:stage", "read:material"];
/** The administrator: create/read/update/delete on every record of these, the two areas, and their own WhatsApp. */
const ADMIN_ENTITIES = ["property", "lead", "note", "activity", "stage", "broker", "webhook", "blog", "roulette", "material", "crm-admin", "campaign"];
const ADMIN_ANY = [...["create", "read", "update", "delete"].flatMap((a) => ADMIN_ENTITIES.map((e) => `${a}:${e}`)), "read:admin-area", "read:broker-area"];
const ADMIN_OWN = ["manage:whatsapp"];
/** A broker granted CRM admin adds every broker's leads, notes, activities and stages (not site administration). */
const CRM_ANY = ["create", "read", "update", "delete"].flatMap((a) => ["lead", "note", "activity", "stage"].map((e) => `${a}:${e}`));

function broker(id: string, options: { isActive?: boolean; crmAdmin?: boolean } = {}): SessionUser {
  return {
    id: `user-${id}`,
    email: `${id}@teste.com.br`,
    name: id,
    role: "broker",
    broker: { id, name: id, isActive: options.isActive ?? true, profileImage: null, phone: "" },
    ...(options.crmAdmin === undefined ? {} : { crmAdmin: options.crmAdmin }),
  };
}
const admin: SessionUser = { id: "user-admin", email: "admin@teste.com.br", name: "Admin", role: "admin", broker: null };

type Cells = { own: boolean; other: boolean; none: boolean };
/** What `who` may do: [any-record rights, own-record rights] → a cell per record kind. */
function expected(key: string, any: string[], own: string[]): Cells {
  if (any.includes(key)) return { own: true, other: true, none: true };
  if (own.includes(key)) return { own: true, other: false, none: true };
  return { own: false, other: false, none: false };
}
function actual(user: SessionUser, action: Action, entity: Entity, mine: { brokerId?: string; userId?: string }): Cells {
  return {
    own: can(user, action, entity, mine),
    other: can(user, action, entity, { brokerId: "outro", userId: "user-outro" }),
    none: can(user, action, entity),
  };
}
function table(user: SessionUser, mine: { brokerId?: string; userId?: string }) {
  return Object.fromEntries(ACTIONS.flatMap((action) => ENTITIES.map((entity) => [`${action}:${entity}`, actual(user, action, entity, mine)])));
}
function expectedTable(any: string[], own: string[]) {
  return Object.fromEntries(ACTIONS.flatMap((action) => ENTITIES.map((entity) => [`${action}:${entity}`, expected(`${action}:${entity}`, any, own)])));
}

describe("the capability table", () => {
  it("an active broker: their own records, the shared catalogue, stages and materials; nothing of another broker's; no administration", () => {
    const ana = broker("ana");
    expect(table(ana, { brokerId: "ana" })).toEqual(expectedTable(BROKER_ANY, BROKER_OWN));
    // a record is the broker's by its broker id or by its author's user id
    expect(table(ana, { userId: "user-ana" })).toEqual(expectedTable(BROKER_ANY, BROKER_OWN));
  });

  it("the administrator: everything on every record, both areas, and only their own WhatsApp connection", () => {
    expect(table(admin, { userId: "user-admin" })).toEqual(expectedTable(ADMIN_ANY, ADMIN_OWN));
  });

  it("a broker granted CRM admin adds every broker's leads, notes, activities and stages, and nothing of site administration", () => {
    const carla = broker("carla", { crmAdmin: true });
    expect(table(carla, { brokerId: "carla" })).toEqual(expectedTable([...BROKER_ANY, ...CRM_ANY], BROKER_OWN));
  });

  it("an inactive broker may do nothing, granted CRM admin or not", () => {
    const none = expectedTable([], []);
    expect(table(broker("dora", { isActive: false }), { brokerId: "dora" })).toEqual(none);
    expect(table(broker("dora", { isActive: false, crmAdmin: true }), { brokerId: "dora" })).toEqual(none);
  });

  it("nobody signed in may do anything", () => {
    expect(table(null as unknown as SessionUser, { brokerId: "ana" })).toEqual(expectedTable([], []));
  });
});

describe("whose record it is", () => {
  it("a broker-less account owns no record by a missing broker id, only by its own user id", () => {
    const orphan: SessionUser = { ...broker("eva"), broker: null };
    expect(can(orphan, "update", "lead", {})).toBe(false);
    expect(can(orphan, "update", "lead", { brokerId: null })).toBe(false);
    expect(can(orphan, "update", "lead", { brokerId: null, userId: null })).toBe(false);
    expect(can(orphan, "update", "lead", { brokerId: "eva" })).toBe(false);
    expect(can(orphan, "update", "property", { userId: "user-eva" })).toBe(true);
    // no record at all: a creation or a list, scoped by the query (brokerScope below)
    expect(can(orphan, "create", "lead")).toBe(true);
  });

  it("a user id alone does not make another broker's record one's own, nor a broker id alone another user's", () => {
    const ana = broker("ana");
    expect(can(ana, "update", "lead", { brokerId: "bruno", userId: "user-ana" })).toBe(true);
    expect(can(ana, "update", "lead", { brokerId: "ana", userId: "user-bruno" })).toBe(true);
    expect(can(ana, "update", "lead", { brokerId: "bruno", userId: "user-bruno" })).toBe(false);
    expect(can(ana, "update", "lead", { userId: null })).toBe(false);
  });

  it("an administrator who also has a broker record that is inactive keeps the administrator's rights", () => {
    const both: SessionUser = { ...admin, broker: { id: "fabio", name: "Fábio", isActive: false, profileImage: null, phone: "" } };
    expect(can(both, "delete", "lead", { brokerId: "outro" })).toBe(true);
    expect(can(both, "read", "admin-area")).toBe(true);
  });
});

describe("canAdministerCrm()", () => {
  it("administrators, and active brokers with the grant; not without the grant, not inactive, not signed out", () => {
    expect(canAdministerCrm(admin)).toBe(true);
    expect(canAdministerCrm({ ...admin, crmAdmin: false })).toBe(true);
    expect(canAdministerCrm(broker("g", { crmAdmin: true }))).toBe(true);
    expect(canAdministerCrm(broker("g", { crmAdmin: false }))).toBe(false);
    expect(canAdministerCrm(broker("g"))).toBe(false);
    expect(canAdministerCrm(broker("g", { crmAdmin: true, isActive: false }))).toBe(false);
    expect(canAdministerCrm({ ...broker("g", { crmAdmin: true }), broker: null })).toBe(false);
    expect(canAdministerCrm(null)).toBe(false);
    expect(canAdministerCrm(undefined)).toBe(false);
  });

  it("brokerScope: a CRM admin sees every broker's rows, a plain broker only their own", () => {
    expect(brokerScope(broker("h", { crmAdmin: true }))).toBeNull();
    expect(brokerScope(broker("h"))).toBe("h");
  });
});

describe("assertCan()'s answers", () => {
  function thrown(fn: () => void): { status?: number; message?: string } | null {
    try {
      fn();
      return null;
    } catch (error) {
      const e = error as { init?: { status?: number }; data?: { message?: string } };
      return { status: e.init?.status, message: e.data?.message };
    }
  }

  it("403 'Acesso negado.' when refused; 404 'Não encontrado.' when the record is to stay hidden; nothing when allowed", () => {
    const ana = broker("ana");
    expect(thrown(() => assertCan(ana, "update", "lead", { brokerId: "bruno" }))).toEqual({ status: 403, message: "Acesso negado." });
    expect(thrown(() => assertCan(ana, "update", "lead", { brokerId: "bruno" }, { hideAs404: false }))).toEqual({ status: 403, message: "Acesso negado." });
    expect(thrown(() => assertCan(ana, "update", "lead", { brokerId: "bruno" }, { hideAs404: true }))).toEqual({ status: 404, message: "Não encontrado." });
    expect(thrown(() => assertCan(ana, "update", "lead", { brokerId: "bruno" }, { hideAs404: true, message: "Lead não encontrado." }))).toEqual({
      status: 404,
      message: "Lead não encontrado.",
    });
    expect(thrown(() => assertCan(ana, "update", "lead", { brokerId: "ana" }, { hideAs404: true }))).toBeNull();
  });
});
