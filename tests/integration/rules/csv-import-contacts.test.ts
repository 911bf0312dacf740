import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/modules/auth/session.server";
import { db } from "~/modules/platform/db.server";
import { autoMapping, parseCsv, runImport } from "~/modules/crm/csv-import.server";
import { makeBroker } from "../../helpers/factories";

/**
 * CSV import (spec 02: "a row with no name, e-mail and phone is skipped; a
 * missing name becomes 'Contato'"): a row is skipped only when all three are
 * empty; a name alone, an e-mail alone or a phone alone each makes a lead.
 */
async function broker(): Promise<SessionUser & { broker: { id: string } }> {
  const b = await makeBroker({ name: "Corretora CSV" });
  return { id: b.userId, email: b.email, name: b.name, role: "broker", broker: { id: b.brokerId, name: b.name, isActive: true, profileImage: null, phone: "" } };
}

describe("which CSV rows are skipped", () => {
  it("imports a row with a name only, an e-mail only or a phone only; skips a row with none of them (a message alone)", async () => {
    const user = await broker();
    const csv = ["nome,email,telefone,mensagem", "Só Nome,,,sem contato", ",so.email@exemplo.com.br,,", ",,(11) 97654-3210,", ",,,só uma mensagem"].join("\n");
    const file = parseCsv(new TextEncoder().encode(csv));
    const options = { mapping: autoMapping(file.headers), stageMap: {}, forceStageId: null, duplicates: "skip" as const, brokerId: user.broker.id };
    const result = await runImport(user, file, options);
    expect(result).toEqual({ created: 3, merged: 0, skippedEmpty: 1, skippedDuplicates: 0 });
    const leads = await db().selectFrom("leads").select(["name", "email", "phone", "message"]).where("broker_id", "=", user.broker.id).orderBy("id").execute();
    expect(leads).toEqual([
      { name: "Só Nome", email: "", phone: "", message: "sem contato" },
      { name: "Contato", email: "so.email@exemplo.com.br", phone: "", message: "" },
      { name: "Contato", email: "", phone: "(11) 97654-3210", message: "" },
    ]);
  });
});
