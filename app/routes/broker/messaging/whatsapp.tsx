import { data, Link } from "react-router";
import { ComingSoon } from "~/components/messaging/coming-soon";
import { ConnectionCard, DebugPanel, IntentButton } from "~/components/messaging/connection-card";
import { OfflineNotice, refreshHeaders, useLiveRefresh } from "~/components/messaging/live-refresh";
import { CreateInstanceModal, DeleteInstanceModal, PairingModal } from "~/components/messaging/pairing-modals";
import { Alert, Badge, EmptyState, PageHeader, PageProblem, buttonClass } from "~/components/ui";
import { formErrorOf, resultFor } from "~/components/ui/form";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/session.server";
import { gatewaySummary } from "~/modules/messaging/gateway-settings.server";
import { connectAgain, createConnection, disconnect, findConnection, refreshConnection, removeConnection, restart, WhatsappError } from "~/modules/messaging/whatsapp-connections.server";
import { WA_TOASTS, whatsappActionSchema } from "~/modules/messaging/whatsapp-forms";
import { WA_MESSAGES } from "~/modules/messaging/whatsapp-labels";
import { parseSubmission, replyWithErrors } from "~/modules/platform/forms.server";
import type { Route } from "./+types/whatsapp";

export const meta: Route.MetaFunction = () => [{ title: "WhatsApp Business | Painel do corretor" }];

/** Pairing is checked every 4 s (for the 2 minutes a code lives); a connected instance every 15 s (spec 03 §9). */
const PAIRING_POLL_S = 4;
const CONNECTION_REFRESH_S = 15;
const HERE = "/broker/whatsapp";

/**
 * /broker/whatsapp (spec 03 §2.3). `?novo=1` opens the create modal,
 * `?qr=1` the QR modal, `?excluir=1` the delete confirmation, `?debug=1`
 * the debug panel. While the QR modal is open the page checks the
 * connection every 4 s (Refresh header without JavaScript); once it is
 * connected the loader goes back to the page with 'WhatsApp conectado!'.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const url = new URL(request.url);
  const gateway = await gatewaySummary();
  if (!gateway.configured) return { gatewayConfigured: false as const };
  let checkError: string | null = null;
  let connection = await findConnection(user);
  if (connection) {
    try {
      connection = await refreshConnection(user);
    } catch (error) {
      checkError = error instanceof WhatsappError ? error.message : WA_MESSAGES.statusFailed;
    }
  }
  const pairing = url.searchParams.get("qr") === "1";
  if (pairing && connection?.status === "connected")
    throw await redirectWithToast(HERE, {
      type: "success",
      message: WA_TOASTS.connected,
    });
  const showQr = pairing && connection?.status === "connecting" && !!(connection.qrSvg || connection.pairingCode);
  return data(
    {
      gatewayConfigured: true as const,
      hasBroker: !!user.broker,
      connection,
      checkError,
      showQr,
      showCreate: url.searchParams.get("novo") === "1",
      confirmDelete: url.searchParams.get("excluir") === "1",
      debug: url.searchParams.get("debug") === "1" ? { baseUrl: gateway.baseUrl, source: gateway.source } : null,
    },
    { headers: refreshHeaders(showQr ? PAIRING_POLL_S : null) },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const submission = await parseSubmission(request, whatsappActionSchema);
  if (submission.status !== "success") return replyWithErrors(submission);
  const input = submission.value;
  try {
    switch (input.intent) {
      case "create":
        await createConnection(user, {
          name: input.name,
          number: input.number ?? null,
        });
        return redirectWithToast(`${HERE}?qr=1`, {
          type: "success",
          message: WA_TOASTS.created,
        });
      case "connect":
        await connectAgain(user, input.number ?? null);
        return redirectWithToast(`${HERE}?qr=1`, {
          type: "info",
          message: WA_TOASTS.codeReady,
        });
      case "check": {
        const c = await refreshConnection(user, new Date(), true);
        return redirectWithToast(HERE, c?.status === "connected" ? { type: "success", message: WA_TOASTS.connected } : { type: "info", message: WA_TOASTS.checked });
      }
      case "disconnect":
        await disconnect(user);
        return redirectWithToast(HERE, {
          type: "success",
          message: WA_TOASTS.disconnected,
        });
      case "restart":
        await restart(user);
        return redirectWithToast(HERE, {
          type: "success",
          message: WA_TOASTS.restarted,
        });
      case "delete":
        await removeConnection(user);
        return redirectWithToast(HERE, {
          type: "success",
          message: WA_TOASTS.deleted,
        });
    }
  } catch (error) {
    if (error instanceof WhatsappError) return replyWithErrors(submission, { formErrors: [error.message] });
    throw error;
  }
}

export default function WhatsappPage({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const connection = page.gatewayConfigured ? page.connection : null;
  const live = !!connection && (connection.status === "connecting" || connection.status === "connected" || connection.status === "creating");
  const { offline } = useLiveRefresh(live, (connection?.status === "connecting" ? PAIRING_POLL_S : CONNECTION_REFRESH_S) * 1000);
  if (!page.gatewayConfigured) return <ComingSoon />;
  const createResult = resultFor(actionData, "create");
  const showCreate = page.showCreate || !!createResult;
  const pageError = createResult ? undefined : formErrorOf(actionData);
  const totals = connection
    ? {
        total: 1,
        connected: connection.status === "connected" ? 1 : 0,
        disconnected: connection.status === "disconnected" ? 1 : 0,
        error: connection.status === "error" ? 1 : 0,
      }
    : { total: 0, connected: 0, disconnected: 0, error: 0 };

  return (
    <div>
      <PageHeader
        title="WhatsApp Business"
        subtitle="Gerencie a conexão do seu WhatsApp para enviar mensagens aos seus leads."
        actions={
          <>
            <Link to={HERE} className={buttonClass("secondary")}>
              Atualizar
            </Link>
            {connection ? <IntentButton intent="check" label="Verificar Reconexões" variant="secondary" size="md" /> : null}
            {connection ? (
              <Badge tone="neutral" className="self-center">
                Limite: 1 instância por corretor
              </Badge>
            ) : page.hasBroker ? (
              <Link to="?novo=1" className={buttonClass("primary")}>
                Nova Instância
              </Link>
            ) : null}
            <Link to={page.debug ? HERE : "?debug=1"} className={buttonClass("ghost")} aria-pressed={!!page.debug}>
              {page.debug ? "Ocultar depuração" : "Depuração"}
            </Link>
          </>
        }
      />
      <OfflineNotice offline={offline} />
      <PageProblem message={pageError} />
      {page.checkError ? (
        <Alert tone="warning" className="mb-4">
          {page.checkError}
        </Alert>
      ) : null}
      {page.debug ? <DebugPanel connection={connection} gateway={page.debug} /> : null}
      {!page.hasBroker ? (
        <Alert tone="warning">{WA_MESSAGES.noBroker}</Alert>
      ) : !connection ? (
        <EmptyState title="Nenhuma instância conectada">
          <p>Conecte o WhatsApp do seu celular para enviar mensagens e campanhas aos seus leads.</p>
          <Link to="?novo=1" className={buttonClass("primary", "md", "mt-4")}>
            Criar Primeira Instância
          </Link>
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" data-testid="whatsapp-totals">
            Total: {totals.total} · Conectadas: {totals.connected} · Desconectadas: {totals.disconnected} · Com erro: {totals.error}
          </p>
          <ConnectionCard connection={connection} />
        </>
      )}

      {showCreate ? <CreateInstanceModal lastResult={createResult} /> : null}
      {page.showQr && connection ? <PairingModal connection={connection} pollSeconds={PAIRING_POLL_S} /> : null}
      {page.confirmDelete && connection ? <DeleteInstanceModal name={connection.displayName} /> : null}
    </div>
  );
}
