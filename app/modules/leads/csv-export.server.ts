import type { SessionUser } from "~/modules/auth/session.server";
import { parseJsonList } from "~/modules/platform/db.server";
import { agencyToday, formatDateForFile, formatDateTime } from "~/utils/clock";
import { LEAD_BROKER_COLUMNS, LEAD_CONTACT_COLUMNS, leadListQuery, type LeadListParams } from "./lead-list.server";
import { LEAD_STATUS_LABELS } from "~/modules/crm/labels";
import { canAdministerCrm } from "~/modules/auth/permissions.server";
import { readablePhone } from "~/utils/phone.server";

/**
 * CSV export of the lead list with its filters (02 §2.4, §9). Made for Excel
 * pt-BR: UTF-8 with BOM, ';' between cells, CRLF. A cell that starts with
 * = + - @ (or tab / CR) is prefixed with ' so a spreadsheet never runs it as
 * a formula; phones are written in their readable national form, which
 * needs no guard (readablePhone). Rows are streamed from the database, never all in memory.
 */
export function csvCell(value: unknown): string {
  let s = value == null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[;"\r\n,]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(cells: unknown[]): string {
  return cells.map(csvCell).join(";") + "\r\n";
}

/** leads-{dd-MM-yyyy}.csv for admins, leads_{yyyy-MM-dd}.csv for brokers. */
export function exportFileName(user: SessionUser, now: Date = new Date()): string {
  if (canAdministerCrm(user)) return `leads-${formatDateForFile(now)}.csv`;
  return `leads_${agencyToday(now)}.csv`;
}

export function exportLeadsCsv(user: SessionUser, params: Pick<LeadListParams, "q" | "stage" | "broker">): ReadableStream<Uint8Array> {
  const isAdmin = canAdministerCrm(user);
  const header = ["Nome", "Email", "Telefone", "Mensagem", "Imóvel", "Etapa", "Status", "Tags", "Valor", ...(isAdmin ? ["Corretor", "Email do corretor"] : []), "Data"];
  const encoder = new TextEncoder();
  const query = leadListQuery(user, params)
    .leftJoin("brokers", "brokers.id", "leads.broker_id")
    .leftJoin("crm_stages", "crm_stages.id", "leads.stage_id")
    .select([
      ...LEAD_CONTACT_COLUMNS,
      ...LEAD_BROKER_COLUMNS,
      "crm_stages.name as stage_name",
      "leads.status",
      "leads.tags",
      "leads.total_value",
      "leads.created_at",
    ])
    .orderBy("leads.created_at", "desc")
    .orderBy("leads.id", "desc");
  let iterator: AsyncIterator<Awaited<ReturnType<typeof query.execute>>[number]> | null = null;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("\uFEFF" + csvLine(header)));
      iterator = query.stream(1000)[Symbol.asyncIterator]();
    },
    async pull(controller) {
      let chunk = "";
      for (let i = 0; i < 1000; i++) {
        const next = await iterator!.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        const r = next.value;
        chunk += csvLine([
          r.name,
          r.email,
          readablePhone(r.phone),
          r.message,
          r.property_title,
          r.stage_name,
          LEAD_STATUS_LABELS[r.status] ?? r.status,
          parseJsonList(r.tags).join(", "),
          r.total_value != null ? String(r.total_value).replace(".", ",") : "",
          ...(isAdmin ? [r.broker_name, r.broker_email] : []),
          formatDateTime(r.created_at),
        ]);
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await iterator?.return?.();
    },
  });
}
