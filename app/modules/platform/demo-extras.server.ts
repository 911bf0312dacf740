import fs from "node:fs/promises";
import type { SessionUser } from "~/modules/auth/session.server";
import { parsePublishMoment } from "~/modules/blog/post-schema";
import { savePost } from "~/modules/blog/posts.server";
import { uploadTempDir } from "~/modules/files/multipart.server";
import { uploadMaterial } from "~/modules/brokers/materials.server";
import { insertLead } from "~/modules/leads/leads.server";
import { toLeadInput } from "~/modules/leads/portal-leads.server";
import { personalise } from "~/modules/messaging/campaign-rules";
import { DEFAULT_TIMING } from "~/modules/messaging/timing";
import { resolveKey } from "~/modules/files/storage.server";
import { PRIZE_CYCLE } from "~/modules/roulette/roulette-rules";
import { addDays, agencyInstant, agencyTime, type LocalDate } from "~/utils/clock";
import { db } from "./db.server";
import { DEMO_ARTICLES } from "./demo-articles";

/**
 * The rest of the demo (seedDemo), so each part of the product shows working
 * on a fresh start: published blog articles, course materials, past roulette
 * draws, a finished WhatsApp campaign and leads pushed by the portals. Each
 * goes through the module that owns it where that module has a service
 * (blog, materials, leads); draws and sends that only a running gateway or a
 * day of presences could make are written as those would have left them.
 */
export type DemoContext = { admin: SessionUser; brokers: { id: string; name: string }[]; leads: { id: number; name: string; phone: string; brokerId: string | null }[]; photoKeys: string[]; now: Date };

export async function seedDemoExtras(ctx: DemoContext): Promise<void> {
  await seedArticles(ctx);
  await seedMaterials(ctx);
  await seedDraws(ctx);
  await seedFinishedCampaign(ctx);
  await seedPortalLeads(ctx);
}

const ymd = (d: LocalDate) => `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
const daysAgo = (now: Date, days: number) => addDays(agencyTime(now), -days);

async function photoFile(key: string, name: string): Promise<File> {
  return new File([new Uint8Array(await fs.readFile(resolveKey(key)))], name, { type: "image/jpeg" });
}

async function seedArticles({ admin, photoKeys, now }: DemoContext): Promise<void> {
  for (const [i, article] of DEMO_ARTICLES.entries()) {
    const exists = await db().selectFrom("blog_posts").select("id").where("slug", "=", article.slug).executeTakeFirst();
    if (exists) continue;
    const cover = await photoFile(photoKeys[(i * 4 + 1) % photoKeys.length], `${article.slug}.jpg`);
    const input = { title: article.title, slug: article.slug, excerpt: article.excerpt, content: article.content, status: "published" as const, publishedAt: parsePublishMoment(ymd(daysAgo(now, article.daysAgo))), removeCover: false };
    await savePost(admin, null, input, cover, now);
  }
}

/** A one-page PDF with the given lines (Helvetica, WinAnsi: pt-BR accents as Latin-1 octal escapes). */
export function demoPdf(lines: string[]): Buffer {
  const escape = (text: string) => [...text].map((c) => (c === "(" || c === ")" || c === "\\" ? `\\${c}` : c.charCodeAt(0) > 126 ? `\\${(c.charCodeAt(0) & 0xff).toString(8).padStart(3, "0")}` : c)).join("");
  const text = lines.map((line, i) => `BT /F1 ${i === 0 ? 18 : 12} Tf 56 ${770 - i * 24} Td (${escape(line)}) Tj ET`).join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(text, "latin1")} >>\nstream\n${text}\nendstream`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((n) => `${String(n).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

const MATERIALS: { name: string; lines: string[] }[] = [
  {
    name: "Guia de atendimento ao cliente",
    lines: ["Guia de atendimento ao cliente", "1. Responda todo lead em até 15 minutos.", "2. Confirme o imóvel de interesse e a faixa de preço.", "3. Ofereça duas opções de horário para a visita.", "4. Registre cada contato no CRM (atividade ou anotação)."],
  },
  {
    name: "Roteiro da visita",
    lines: ["Roteiro da visita", "Antes: confirme o horário com o cliente e com o proprietário.", "Durante: mostre primeiro os ambientes de que o cliente mais gosta.", "Depois: envie as fotos e a ficha do imóvel no mesmo dia.", "No CRM: mova o lead para 'Visita agendada' e depois para 'Proposta'."],
  },
  {
    name: "Documentos para a proposta",
    lines: ["Documentos para a proposta", "Comprador: RG, CPF, comprovante de renda e de residência.", "Vendedor: matrícula atualizada e certidões negativas.", "Imóvel: IPTU e declaração de débitos do condomínio."],
  },
];

/** A material as the upload reader hands it over: a file on disk (removed once stored). */
async function materialFile(data: Buffer, name: string): Promise<{ path: string; originalName: string; size: number }> {
  await fs.mkdir(uploadTempDir(), { recursive: true });
  const path = `${uploadTempDir()}/demo-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await fs.writeFile(path, data);
  return { path, originalName: name, size: data.length };
}

async function seedMaterials({ admin, photoKeys }: DemoContext): Promise<void> {
  const files = [
    ...MATERIALS.map((m) => ({ name: m.name, data: () => Promise.resolve(demoPdf(m.lines)), fileName: `${m.name}.pdf` })),
    { name: "Fotos de referência para anúncios", data: () => fs.readFile(resolveKey(photoKeys[2])), fileName: "referencia.jpg" },
  ];
  for (const f of files) {
    const upload = await materialFile(await f.data(), f.fileName);
    try {
      await uploadMaterial(admin, f.name, upload);
    } finally {
      await fs.rm(upload.path, { force: true });
    }
  }
}

/**
 * The automatic draws of the last three mornings (09:30), as the roulette
 * job leaves them: today's lead routing follows only today's draw, so a
 * fresh demo routes nothing until the admin or the job draws.
 */
async function seedDraws({ brokers, now }: DemoContext): Promise<void> {
  for (let day = 3; day >= 1; day--) {
    const drawDate = agencyInstant(daysAgo(now, day), 9 * 60 + 30).toISOString();
    const order = day % 2 ? brokers : [...brokers].reverse();
    await db()
      .insertInto("roleta_results")
      .values(order.map((b, i) => ({ broker_id: b.id, broker_name: b.name, prize: PRIZE_CYCLE[i % PRIZE_CYCLE.length], position: i + 1, execution_type: "automatic" as const, draw_date: drawDate })))
      .execute();
  }
}

/** A campaign the first broker sent two days ago: delivered and read receipts, and one number not on WhatsApp. */
async function seedFinishedCampaign({ brokers, leads, now }: DemoContext): Promise<void> {
  const broker = brokers[0];
  const recipients = leads.filter((l) => l.brokerId === broker.id).slice(0, 10);
  if (!recipients.length) return;
  const message = "Olá, {nome}! Temos novos apartamentos em Moema e Vila Mariana com condições especiais neste mês. Quer receber a lista?";
  const launched = agencyInstant(daysAgo(now, 2), 10 * 60);
  const ts = launched.toISOString();
  const instance = `demo-${broker.id.slice(0, 8)}`;
  const campaign = await db()
    .insertInto("campaigns")
    .values({ broker_id: broker.id, name: "Lançamentos de novembro", message, timing: JSON.stringify(DEFAULT_TIMING), status: "completed", scheduled_at: ts, launched_at: ts, created_at: ts, updated_at: ts, leads: "[]" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const deliveries = ["read", "read", "delivered", "read", "delivered", "sent", "read", "delivered", "read"] as const;
  for (const [i, lead] of recipients.entries()) {
    const fireAt = new Date(launched.getTime() + i * DEFAULT_TIMING.intervalSeconds * 1000).toISOString();
    const body = personalise(message, lead.name);
    const to = `55${lead.phone.replace(/\D/g, "")}`;
    const failed = i === recipients.length - 1;
    const job = await db()
      .insertInto("campaign_jobs")
      .values({
        campaign_id: campaign.id,
        lead_id: lead.id,
        lead_name: lead.name,
        to,
        message: body,
        fire_at: fireAt,
        status: failed ? "failed" : "sent",
        error: failed ? "Número não cadastrado no WhatsApp" : null,
        attempts: 1,
        created_at: ts,
        sent_at: failed ? null : fireAt,
        message_key: failed ? null : `DEMO${campaign.id}X${i}`,
        delivery: failed ? null : deliveries[i % deliveries.length],
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (failed) continue;
    await db()
      .insertInto("whatsapp_messages")
      .values({ broker_id: broker.id, lead_id: lead.id, campaign_job_id: job.id, instance_name: instance, to, body, kind: "text", message_key: `DEMO${campaign.id}X${i}`, delivery: deliveries[i % deliveries.length], created_at: fireAt, updated_at: fireAt })
      .execute();
  }
}

/** Leads the portals pushed (ZAP, VivaReal, OLX), stored as the push endpoint stores them. */
async function seedPortalLeads({ brokers, now }: DemoContext): Promise<void> {
  const listings = await db().selectFrom("properties").select("id").where("status", "=", "available").orderBy("id").limit(3).execute();
  const pushes = [
    { leadOrigin: "ZAP", name: "Helena Duarte", email: "helena.duarte@email.com.br", ddd: "(011)", phone: "99812-3344", message: "Olá, gostaria de agendar uma visita neste fim de semana." },
    { leadOrigin: "VivaReal", name: "Otávio Prado", email: "otavio.prado@email.com.br", ddd: "19", phone: "98123-4567", message: "O imóvel aceita financiamento? Tenho FGTS para a entrada." },
    { leadOrigin: "OLX", name: "Sílvia Moura", email: "silvia.moura@email.com.br", phoneNumber: "+55 13 99745-1122", message: "Qual o valor do condomínio e do IPTU?" },
  ];
  for (const [i, push] of pushes.entries()) {
    const originLeadId = `demo-${push.leadOrigin.toLowerCase()}-${i + 1}`;
    const exists = await db().selectFrom("portal_leads").select("origin_lead_id").where("origin_lead_id", "=", originLeadId).executeTakeFirst();
    if (exists) continue;
    const received = new Date(now.getTime() - (i + 1) * 5 * 60 * 60 * 1000).toISOString();
    const listing = listings[i]?.id ?? null;
    const lead = await db()
      .transaction()
      .execute((tx) => insertLead(tx, { ...toLeadInput({ ...push, originLeadId }), propertyId: listing, brokerId: brokers[i % brokers.length].id, createdAt: received }));
    await db()
      .insertInto("portal_leads")
      .values({ origin_lead_id: originLeadId, lead_id: lead.id, lead_origin: push.leadOrigin, client_listing_id: listing === null ? null : String(listing), received_at: received })
      .execute();
  }
}
