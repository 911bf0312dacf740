import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/modules/auth/session.server";
import { db } from "~/modules/platform/db.server";
import { autoMapping, parseCsv, runImport } from "~/modules/leads/csv-import.server";
import { makeBroker } from "../../helpers/factories";

/**
 * CSV import (spec 02 §5, issue 24): a row without any contact (no e-mail
 * and no phone) is skipped, a name alone included; an e-mail alone or a
 * phone alone each makes a lead, a missing name becoming 'Contato'.
 */
async function broker(): Promise<SessionUser & { broker: { id: string } }> {
  const b = await makeBroker({ name: "Corretora CSV" });
  return { id: b.userId, email: b.email, name: b.name, role: "broker", broker: { id: b.brokerId, name: b.name, isActive: true, profileImage: null, phone: "" } };
}

describe("which CSV rows are skipped", () => {
  it("imports a row with an e-mail only or a phone only; skips a row without any contact (a name alone, a message alone)", async () => {
    const user = await broker();
    const csv = ["nome,email,telefone,mensagem", "Só Nome,,,sem contato", ",so.email@exemplo.com.br,,", ",,(11) 97654-3210,", ",,,só uma mensagem"].join("\n");
    const file = parseCsv(new TextEncoder().encode(csv));
    const options = { mapping: autoMapping(file.headers), stageMap: {}, forceStageId: null, duplicates: "skip" as const, brokerId: user.broker.id };
    const result = await runImport(user, file, options);
    expect(result).toMatchObject({ created: 2, merged: 0, skippedDuplicates: 0 });
    expect(result.skipped).toEqual([
      { line: 2, reason: "sem e-mail e sem telefone" },
      { line: 5, reason: "sem nome, e-mail e telefone" },
    ]);
    const leads = await db().selectFrom("leads").select(["name", "email", "phone", "message"]).where("broker_id", "=", user.broker.id).orderBy("id").execute();
    expect(leads).toEqual([
      { name: "Contato", email: "so.email@exemplo.com.br", phone: "", message: "" },
      { name: "Contato", email: "", phone: "(11) 97654-3210", message: "" },
    ]);
  });
});
