import type { ReactNode } from "react";
import { SPIN_MS } from "~/modules/roulette/roulette-rules";

/**
 * The roulette wheel, and its 3-second spin before a draw's result shows
 * (spec 03 §4, §9). Pure CSS, so it turns with JavaScript on or off; with
 * reduced motion the wheel does not turn, the result still waits its 3 s.
 */
const KEYFRAMES = `
@keyframes roleta-turn { to { transform: rotate(1800deg); } }
@keyframes roleta-out { to { opacity: 0; visibility: hidden; } }
@keyframes roleta-in { from { opacity: 0; } to { opacity: 1; } }
.roleta-wheel-spin { animation: roleta-turn ${SPIN_MS}ms cubic-bezier(0.2, 0.6, 0.2, 1) both; }
.roleta-overlay { animation: roleta-out 200ms ease-in ${SPIN_MS}ms forwards; }
.roleta-reveal { animation: roleta-in 300ms ease-out ${SPIN_MS}ms both; }
@media (prefers-reduced-motion: reduce) { .roleta-wheel-spin { animation: none; } }
`;

const COLORS = ["#1d4ed8", "#f59e0b", "#059669", "#dc2626", "#7c3aed", "#0891b2"];

export function Wheel({ spinning = false, size = 160 }: { spinning?: boolean; size?: number }) {
  const stops = COLORS.map((c, i) => `${c} ${(i * 100) / COLORS.length}% ${((i + 1) * 100) / COLORS.length}%`).join(", ");
  return (
    <div className="relative mx-auto" style={{ width: size, height: size }} aria-hidden="true">
      <div className={spinning ? "roleta-wheel-spin size-full rounded-full border-4 border-white shadow-lg" : "size-full rounded-full border-4 border-white shadow-lg"} style={{ background: `conic-gradient(${stops})` }} />
      <div className="absolute left-1/2 top-1/2 size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-4 border-white bg-slate-900" />
      <div className="absolute -top-2 left-1/2 size-0 -translate-x-1/2 border-x-8 border-t-[14px] border-x-transparent border-t-slate-900" />
    </div>
  );
}

/** The result appears after the wheel has turned for 3 s. */
export function SpinThenReveal({ children }: { children: ReactNode }) {
  return (
    <div className="relative">
      <style>{KEYFRAMES}</style>
      <div className="roleta-overlay absolute inset-x-0 top-0 z-10 flex flex-col items-center gap-3 rounded-[var(--radius-card)] bg-white/95 py-8" role="status" data-testid="roulette-spin">
        <Wheel spinning />
        <p className="text-sm font-medium text-slate-700">Sorteando…</p>
      </div>
      <div className="roleta-reveal">{children}</div>
    </div>
  );
}

export function WheelStyles() {
  return <style>{KEYFRAMES}</style>;
}
