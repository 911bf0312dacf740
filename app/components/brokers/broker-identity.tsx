import type { ReactNode } from "react";

/**
 * A broker in a list row: the photo (or the initial), the name and the e-mail, with any extra line under them
 * (the admin's list shows the custom address). The one way both broker lists draw a broker.
 */
export function BrokerIdentity({ broker, extra }: { broker: { name: string; email: string; profile_image: string | null }; extra?: ReactNode }) {
  return (
    <div className="flex items-center gap-3">
      {broker.profile_image ? (
        <img src={broker.profile_image} alt="" width={36} height={36} className="size-9 shrink-0 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800">
          {broker.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{broker.name}</p>
        <p className="text-xs font-normal text-slate-600">{broker.email}</p>
        {extra}
      </div>
    </div>
  );
}
