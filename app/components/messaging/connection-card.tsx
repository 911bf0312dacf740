import { Form, Link, useNavigation } from "react-router";
import { StatusBadge } from "~/components/messaging/status-badge";
import { Button, buttonClass, Card } from "~/components/ui";
import type { ConnectionView } from "~/modules/messaging/whatsapp-connections.server";
import type { WhatsappIntent } from "~/modules/messaging/whatsapp-forms";
import { formatDateTime } from "~/utils/clock";

/** A broker's instance (spec 03 §2.3): picture, name, phone, status, last activity and check, and the buttons its status allows. */
export function ConnectionCard({ connection }: { connection: ConnectionView }) {
  const connecting = connection.status === "connecting";
  return (
    <Card className="p-5" as="article">
      <div className="flex flex-wrap items-start gap-4">
        <div className="grid size-14 shrink-0 place-items-center overflow-hidden rounded-full bg-success-50 text-success-700">
          {connection.profilePictureUrl ? (
            <img src={connection.profilePictureUrl} alt="" className="size-14 object-cover" referrerPolicy="no-referrer" />
          ) : (
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7" fill="currentColor">
              <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2z" />
            </svg>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">{connection.displayName}</h2>
            <StatusBadge status={connection.status} />
          </div>
          <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-slate-600 sm:grid-cols-3">
            <div>
              <dt className="inline font-medium text-slate-700">Telefone: </dt>
              <dd className="inline">{connection.phoneNumber ? `+${connection.phoneNumber}` : "—"}</dd>
            </div>
            <div>
              <dt className="inline font-medium text-slate-700">Última atividade: </dt>
              <dd className="inline">{connection.lastActivity ? formatDateTime(connection.lastActivity) : "—"}</dd>
            </div>
            <div>
              <dt className="inline font-medium text-slate-700">Última verificação: </dt>
              <dd className="inline">{connection.lastStatusCheck ? formatDateTime(connection.lastStatusCheck) : "—"}</dd>
            </div>
          </dl>
          {connection.lastError ? <p className="mt-2 text-sm text-danger-700 [overflow-wrap:anywhere]">{connection.lastError}</p> : null}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        {connection.status === "connected" ? (
          <>
            <IntentButton intent="disconnect" label="Desconectar" variant="secondary" />
            <IntentButton intent="restart" label="Reiniciar" variant="secondary" />
          </>
        ) : null}
        {connection.status === "disconnected" || connection.status === "error" || connection.status === "unknown" ? (
          <>
            <IntentButton intent="check" label="Verificar" variant="secondary" />
            <IntentButton intent="connect" label="Conectar" variant="primary" />
            <IntentButton intent="restart" label="Reiniciar" variant="secondary" />
          </>
        ) : null}
        {connecting && (connection.qrSvg || connection.pairingCode) ? (
          <Link to="?qr=1" className={buttonClass("primary", "sm")}>
            Ver QR
          </Link>
        ) : null}
        {connecting ? <IntentButton intent="check" label="Verificar" variant="secondary" /> : null}
        <Link to="?excluir=1" className={buttonClass("danger", "sm")}>
          Deletar
        </Link>
      </div>
    </Card>
  );
}

export function IntentButton({ intent, label, variant, size = "sm" }: { intent: WhatsappIntent; label: string; variant: "primary" | "secondary" | "danger"; size?: "sm" | "md" }) {
  const navigation = useNavigation();
  return (
    <Form method="post">
      <Button type="submit" name="intent" value={intent} size={size} variant={variant} pending={navigation.state !== "idle" && navigation.formData?.get("intent") === intent}>
        {label}
      </Button>
    </Form>
  );
}

/** The debug toggle's panel (spec 03 §2.3): what the server knows of the instance and the gateway; never a key. */
export function DebugPanel({ connection, gateway }: { connection: ConnectionView | null; gateway: { baseUrl: string | null; source: string | null } }) {
  const rows: [string, string][] = [
    ["Gateway", gateway.baseUrl ? `${gateway.baseUrl} (${gateway.source === "env" ? "variáveis de ambiente" : "configurado pelo admin"})` : "—"],
    ["Instância", connection?.instanceName ?? "—"],
    ["Status", connection?.status ?? "—"],
    ["Conectando desde", formatDateTime(connection?.connectingSince) || "—"],
    ["Última verificação", formatDateTime(connection?.lastStatusCheck) || "—"],
    ["QR Code guardado", connection?.qrSvg ? "sim" : "não"],
    ["Código de pareamento", connection?.pairingCode ?? "—"],
    ["Último erro", connection?.lastError ?? "—"],
  ];
  return (
    <Card className="mb-4 p-4" as="section">
      <h2 className="text-sm font-semibold text-slate-900">Depuração</h2>
      <dl className="mt-2 grid gap-x-4 gap-y-1 font-mono text-xs text-slate-700 sm:grid-cols-[12rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-500">{label}</dt>
            <dd className="[overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
