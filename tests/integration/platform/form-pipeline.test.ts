import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FORM_MESSAGES, parseSubmission, readFormData, replyWithErrors } from "~/modules/platform/forms.server";
import { optionalText, recordId, requiredText } from "~/utils/form-fields";
import { reply, unwrap } from "../../helpers/responses";

const post = (body: BodyInit, type: string | null) =>
  new Request("http://localhost/x", { method: "POST", body, headers: type ? { "Content-Type": type } : {} });

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("note"), body: requiredText(20, "Escreva a anotação."), note: recordId() }),
  z.object({ intent: z.literal("rename"), name: requiredText(10), nickname: optionalText(5) }),
]);

describe("the form pipeline (server half)", () => {
  it("reads urlencoded and multipart forms", async () => {
    const form = await readFormData(post(new URLSearchParams({ a: "1" }), "application/x-www-form-urlencoded"));
    expect(form.get("a")).toBe("1");
    const multipart = new FormData();
    multipart.set("b", "2");
    const request = new Request("http://localhost/x", { method: "POST", body: multipart });
    expect((await readFormData(request)).get("b")).toBe("2");
  });

  it("answers 415 for what a form never sends and 400 for a body it cannot read, in pt-BR, never a 500", async () => {
    for (const type of ["text/plain;charset=UTF-8", "application/json", null, "multipart/form-data"]) {
      const r = await unwrap(() => readFormData(post("a=1", type)));
      expect(r.status, String(type)).toBe(415);
      expect(r.data).toEqual({ message: FORM_MESSAGES.unsupported });
    }
    const broken = await unwrap(() => readFormData(post("--nope\r\ngarbage", "multipart/form-data; boundary=----x")));
    expect(broken.status).toBe(400);
    expect(broken.data).toEqual({ message: FORM_MESSAGES.unreadable });
  });

  it("parses one intent of a union and replies with every typed value and the messages beside their fields", async () => {
    const ok = await parseSubmission(post(new URLSearchParams({ intent: "note", body: "  Ligar amanhã ", note: "12" }), "application/x-www-form-urlencoded"), schema);
    expect(ok.status).toBe("success");
    if (ok.status === "success") expect(ok.value).toEqual({ intent: "note", body: "Ligar amanhã", note: 12 });

    const bad = await parseSubmission(post(new URLSearchParams({ intent: "rename", name: "um nome longo demais", nickname: "<script>" }), "application/x-www-form-urlencoded"), schema);
    expect(bad.status).toBe("error");
    const answer = await unwrap(() => Promise.resolve(replyWithErrors(bad)));
    expect(answer.status).toBe(400);
    const r = reply(answer.data);
    expect(r.fieldErrors).toEqual({ name: "No máximo 10 caracteres", nickname: "No máximo 5 caracteres" });
    expect(r.values).toMatchObject({ intent: "rename", name: "um nome longo demais", nickname: "<script>" });
  });

  it("refuses an unknown or missing intent and a bad id with pt-BR messages", async () => {
    const unknown = await parseSubmission(post(new URLSearchParams({ intent: "drop-table" }), "application/x-www-form-urlencoded"), schema);
    expect(reply(unknown.reply()).fieldErrors).toEqual({ intent: "Ação desconhecida" });
    const missing = await parseSubmission(post(new URLSearchParams({ body: "x" }), "application/x-www-form-urlencoded"), schema);
    expect(missing.status).toBe("error");
    const badId = await parseSubmission(post(new URLSearchParams({ intent: "note", body: "x", note: "1 OR 1=1" }), "application/x-www-form-urlencoded"), schema);
    expect(reply(badId.reply()).fieldErrors).toEqual({ note: "Valor inválido" });
  });

  it("adds errors the schema cannot know and hides fields that must not come back", async () => {
    const s = z.object({ password: requiredText(100), email: requiredText(100) });
    const sub = await parseSubmission(post(new URLSearchParams({ password: "segredo", email: "a@b.c" }), "application/x-www-form-urlencoded"), s);
    const answer = await unwrap(() => Promise.resolve(replyWithErrors(sub, { formErrors: ["Falha ao enviar email: recusado"], hideFields: ["password"] }, 502)));
    expect(answer.status).toBe(502);
    const r = reply(answer.data);
    expect(r.formErrors).toEqual(["Falha ao enviar email: recusado"]);
    expect(r.values).toEqual({ email: "a@b.c" });
  });
});
