import { data } from "react-router";
import type { SessionUser } from "./session.server";

/**
 * The one place that answers "may this user do this to this record".
 * Permissions are data: `action:entity:access`, where access is `any` or
 * `own`. Routes ask `can()` / `assertCan()`; the UI uses `can()` only to
 * hide buttons.
 */
export type Action = "create" | "read" | "update" | "delete" | "manage";
export type Entity =
  | "admin-area"
  | "broker-area"
  | "property"
  | "lead"
  | "note"
  | "activity"
  | "stage"
  | "broker"
  | "webhook"
  | "blog"
  | "roulette"
  | "material"
  | "crm-admin"
  | "campaign"
  | "whatsapp";
type Access = "any" | "own";
export type Permission = `${Action}:${Entity}:${Access}`;

const BROKER: Permission[] = [
  "read:broker-area:own",
  "create:property:own",
  "read:property:any",
  "update:property:own",
  "delete:property:own",
  "read:lead:own",
  "create:lead:own",
  "update:lead:own",
  "create:note:own",
  "read:note:own",
  "create:activity:own",
  "read:activity:own",
  "update:activity:own",
  "read:stage:any",
  "read:material:any",
  "create:campaign:own",
  "read:campaign:own",
  "update:campaign:own",
  "manage:whatsapp:own",
  "update:broker:own",
  "create:roulette:own",
];

const ADMIN: Permission[] = [
  "read:admin-area:any",
  "read:broker-area:any",
  ...(["create", "read", "update", "delete"] as const).flatMap((action) =>
    (
      ["property", "lead", "note", "activity", "stage", "broker", "webhook", "blog", "roulette", "material", "crm-admin", "campaign"] as const
    ).map((entity) => `${action}:${entity}:any` as Permission),
  ),
  "manage:whatsapp:own",
];

/**
 * What a broker granted CRM admin (/admin/crm, spec 03 §2.11) adds: the
 * administrator's CRM powers (spec 02 §1 and the capability table) — every
 * broker's leads, reassignment, deletion, notes, activities and stages.
 * Site administration (brokers, webhooks, blog, roulette, materials,
 * campaigns, the CRM admin list itself, the /admin area) stays admin-only.
 */
export const CRM_ADMIN_PERMISSIONS: ReadonlySet<Permission> = new Set(
  (["create", "read", "update", "delete"] as const).flatMap((action) => (["lead", "note", "activity", "stage"] as const).map((entity) => `${action}:${entity}:any` as Permission)),
);
const NONE: ReadonlySet<Permission> = new Set();

/**
 * The one CRM admin check: administrators, and active brokers granted CRM
 * admin. The grant rides on the session user (no query per use).
 */
export function canAdministerCrm(user: SessionUser | null | undefined): boolean {
  if (!user) return false;
  if (user.role === "admin") return true;
  return user.crmAdmin === true && !!user.broker?.isActive;
}

export const ROLE_PERMISSIONS: Record<SessionUser["role"], ReadonlySet<Permission>> = {
  admin: new Set(ADMIN),
  broker: new Set(BROKER),
};

/** Who owns a record: a broker id and/or a user id. */
export type Ownership = { brokerId?: string | null; userId?: string | null };

export function can(user: SessionUser | null, action: Action, entity: Entity, record?: Ownership): boolean {
  if (!user) return false;
  if (user.role === "broker" && user.broker && !user.broker.isActive) return false;
  const role = ROLE_PERMISSIONS[user.role];
  const crm = user.role === "broker" && canAdministerCrm(user) ? CRM_ADMIN_PERMISSIONS : NONE;
  const granted = (p: Permission) => role.has(p) || crm.has(p);
  if (granted(`${action}:${entity}:any`)) return true;
  if (!granted(`${action}:${entity}:own`)) return false;
  if (!record) return true; // e.g. creating one's own record, or listing (the query scopes it)
  const ownsByBroker = record.brokerId != null && record.brokerId === user.broker?.id;
  const ownsByUser = record.userId != null && record.userId === user.id;
  return ownsByBroker || ownsByUser;
}

/** Throws 403 (or 404 to hide that the record exists) when not allowed. */
export function assertCan(
  user: SessionUser | null,
  action: Action,
  entity: Entity,
  record?: Ownership,
  options: { hideAs404?: boolean; message?: string } = {},
): asserts user is SessionUser {
  if (can(user, action, entity, record)) return;
  const status = options.hideAs404 ? 404 : 403;
  throw data({ message: options.message ?? (status === 404 ? "Não encontrado." : "Acesso negado.") }, { status });
}

/** Lists are scoped in the query: brokers see only their own rows; CRM admins see all. */
export function brokerScope(user: SessionUser): string | null {
  return canAdministerCrm(user) ? null : (user.broker?.id ?? "__none__");
}
