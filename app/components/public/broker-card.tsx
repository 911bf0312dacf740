import type { PublicBroker } from "~/modules/auth/users.server";
import { formatPhone, whatsappLink } from "~/utils/phone";
import { cx } from "~/components/ui";

/** The referring broker (ref of an active broker): name, photo, phone and WhatsApp. */
export function BrokerCard({ broker, propertyTitle, className }: { broker: PublicBroker; propertyTitle?: string; className?: string }) {
  const initials = broker.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join("");
  const message = propertyTitle ? `Olá, ${broker.name}! Tenho interesse no imóvel "${propertyTitle}".` : `Olá, ${broker.name}! Gostaria de ajuda para encontrar um imóvel.`;
  return (
    <section aria-label="Seu corretor" className={cx("flex items-center gap-4 rounded-[var(--radius-card)] border border-brand-200 bg-white p-4 shadow-[var(--shadow-card)]", className)} data-testid="broker-card">
      {broker.profileImage ? (
        <img src={broker.profileImage} alt="" width={64} height={64} loading="lazy" decoding="async" className="size-16 shrink-0 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-800">
          {initials}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Seu corretor</p>
        <p className="truncate text-base font-semibold text-slate-900">{broker.name}</p>
        {broker.phone ? (
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <a href={`tel:+${formatTel(broker.phone)}`} className="text-slate-700 hover:text-brand-700">
              {formatPhone(broker.phone)}
            </a>
            <a href={whatsappLink(broker.phone, message)} target="_blank" rel="noopener noreferrer" className="font-semibold text-success-700 hover:underline">
              WhatsApp
            </a>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function formatTel(phone: string): string {
  const d = phone.replace(/\D/g, "");
  return d.startsWith("55") ? d : `55${d}`;
}
