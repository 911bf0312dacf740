import type { CampaignStatus, WhatsappStatus } from "#db/schema";
import { formatDateTime, nextInWeeklyWindow, parseHourMinute } from "~/utils/clock";
import { weekdaysText, type Timing } from "./timing";

/**
 * Why a campaign's next message waits, and when it leaves (issue 25): the
 * monitor says it in words instead of a bare countdown. Shared by the
 * server (which knows the number's state) and the screen.
 */
export type WaitReason = "done" | "draft" | "paused" | "disconnected" | "warm-up" | "daily-cap" | "outside-window" | "due" | "interval";
export type WaitInfo = { reason: WaitReason; text: string; nextAt: string | null };

export type WaitInput = {
  status: CampaignStatus;
  pending: number;
  connection: WhatsappStatus | null;
  sentToday: number;
  cap: number;
  /** 1-based day of the warm-up while the number is in it, else null. */
  warmUpDay: number | null;
  warmUpDays: number;
  timing: Timing;
  nextFireAt: string | null;
  now: Date;
};

export function waitReason(i: WaitInput): WaitInfo {
  const at = i.nextFireAt;
  if (i.status === "draft") return { reason: "draft", text: "Rascunho: a campanha ainda não foi lançada.", nextAt: null };
  if (i.pending === 0 || i.status === "completed" || i.status === "cancelled") return { reason: "done", text: "Nenhum envio pendente.", nextAt: null };
  if (i.status === "paused") return { reason: "paused", text: "Campanha pausada: nenhuma mensagem é enviada até você retomar.", nextAt: null };
  if (i.connection !== "connected") return { reason: "disconnected", text: "Aguardando: o WhatsApp está desconectado. Os envios continuam assim que o número reconectar.", nextAt: at };
  if (i.sentToday >= i.cap) {
    return i.warmUpDay !== null
      ? { reason: "warm-up", text: `Aguardando: número em aquecimento (dia ${i.warmUpDay} de ${i.warmUpDays}); o limite de ${i.cap} envios de hoje foi atingido.`, nextAt: at }
      : { reason: "daily-cap", text: `Aguardando: limite diário do número atingido (${i.sentToday} de ${i.cap} envios hoje).`, nextAt: at };
  }
  const window = { startMinutes: parseHourMinute(i.timing.startTime)!, endMinutes: parseHourMinute(i.timing.endTime)!, weekdays: i.timing.weekdays };
  const insideNow = nextInWeeklyWindow(i.now, window, 0)?.getTime() === i.now.getTime();
  if (!insideNow) return { reason: "outside-window", text: `Aguardando: fora da janela de envio (${i.timing.startTime}–${i.timing.endTime}, ${weekdaysText(i.timing)}).`, nextAt: at };
  if (!at || Date.parse(at) <= i.now.getTime()) return { reason: "due", text: "Enviando: a próxima mensagem sai em instantes.", nextAt: at };
  return { reason: "interval", text: `Próximo envio às ${formatDateTime(at).slice(11)}, respeitando o intervalo entre mensagens.`, nextAt: at };
}
