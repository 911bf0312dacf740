import { useEffect } from "react";
import { data, Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { z } from "zod";
import { ComingSoon } from "~/components/messaging/coming-soon";
import { StatusBadge } from "~/components/messaging/status-badge";
import { Alert, Badge, Button, buttonClass, Card, EmptyState, Field, Input, Modal, PageHeader } from "~/components/ui";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { redirectWithToast } from "~/modules/auth/session.server";
import { gatewaySummary } from "~/modules/messaging/gateway-settings.server";
import {
  connectAgain,
  createConnection,
  disconnect,
  findConnection,
  refreshConnection,
  removeConnection,
  restart,
  WhatsappError,
} from "~/modules/messaging/whatsapp-connections.server";
import { WA_MESSAGES } from "~/modules/messaging/whatsapp-labels";
import { formatDateTime } from "~/utils/clock";
import type { Route } from "./+types/whatsapp";

export const meta: Route.MetaFunction = () => [{ title: "WhatsApp Business | Painel do corretor" }];

/** Pairing is polled every 4 s for 2 minutes; a connected instance every 15 s (spec 03 §9). */
const PAIRING_POLL_MS = 4_000;
const CONNECTION_REFRESH_MS = 15_000;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  const gateway = await gatewaySummary();
  if (!gateway.configured) return { gatewayConfigured: false as const, hasBroker: !!user.broker, connection: null, checkError: null };
  let checkError: string | null = null;
  let connection = await findConnection(user);
  if (connection) {
    try {
      connection = await refreshConnection(user);
    } catch (error) {
      checkError = error instanceof WhatsappError ? error.message : WA_MESSAGES.statusFailed;
    }
  }
  return { gatewayConfigured: true as const, hasBroker: !!user.broker, connection, checkError };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name: z.string().max(60, "Nome muito longo").default(""), number: z.string().max(30).optional() }),
  z.object({ intent: z.literal("connect"), number: z.string().max(30).optional() }),
  z.object({ intent: z.literal("check") }),
  z.object({ intent: z.literal("disconnect") }),
  z.object({ intent: z.literal("restart") }),
  z.object({ intent: z.literal("delete") }),
]);

export async function action({ request }: Route.ActionArgs) {
  const user = await requireBrokerArea(request);
  const parsed = intentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Pedido inválido", intent: null }, { status: 400 });
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "create":
        await createConnection(user, { name: input.name, number: input.number || null });
        return redirectWithToast("/broker/whatsapp?qr=1", { type: "success", message: "Instância criada. Leia o QR Code no WhatsApp do celular." });
      case "connect":
        await connectAgain(user, input.number || null);
        return redirectWithToast("/broker/whatsapp?qr=1", { type: "info", message: "Código gerado. Conecte pelo WhatsApp do celular." });
      case "check": {
        const c = await refreshConnection(user, new Date(), true);
        return redirectWithToast("/broker/whatsapp", c?.status === "connected" ? { type: "success", message: "WhatsApp conectado!" } : { type: "info", message: "Status atualizado." });
      }
      case "disconnect":
        await disconnect(user);
        return redirectWithToast("/broker/whatsapp", { type: "success", message: "Instância desconectada." });
      case "restart":
        await restart(user);
        return redirectWithToast("/broker/whatsapp", { type: "success", message: "Instância reiniciada." });
      case "delete":
        await removeConnection(user);
        return redirectWithToast("/broker/whatsapp", { type: "success", message: "Instância removida." });
    }
  } catch (error) {
    if (error instanceof WhatsappError) return data({ error: error.message, intent: input.intent }, { status: 400 });
    throw error;
  }
}

export default function WhatsappPage() {
  const { gatewayConfigured, hasBroker, connection, checkError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const busy = navigation.state !== "idle";

  const connecting = connection?.status === "connecting";
  const connectingFor = connection?.connectingSince ? Date.now() - Date.parse(connection.connectingSince) : 0;
  useEffect(() => {
    if (!connection || connection.status === "error" || connection.status === "disconnected") return;
    const every = connecting ? PAIRING_POLL_MS : CONNECTION_REFRESH_MS;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") revalidator.revalidate();
    }, every);
    return () => clearInterval(timer);
  }, [connection, connecting, revalidator]);

  if (!gatewayConfigured) return <ComingSoon />;

  const showCreate = params.get("novo") === "1" || (actionData?.intent === "create" && !!actionData.error);
  const showQr = connecting && (params.get("qr") === "1" || connectingFor < 120_000) && !!(connection?.qrSvg || connection?.pairingCode);
  const confirmDelete = params.get("excluir") === "1";
  const totals = connection
    ? { total: 1, connected: connection.status === "connected" ? 1 : 0, disconnected: connection.status === "disconnected" ? 1 : 0, error: connection.status === "error" ? 1 : 0 }
    : { total: 0, connected: 0, disconnected: 0, error: 0 };

  return (
    <div>
      <PageHeader
        title="WhatsApp Business"
        subtitle="Gerencie a conexão do seu WhatsApp para enviar mensagens aos seus leads."
        actions={
          <>
            <Link to="/broker/whatsapp" className={buttonClass("secondary")}>
              Atualizar
            </Link>
            {connection ? (
              <Form method="post">
                <input type="hidden" name="intent" value="check" />
                <Button type="submit" variant="secondary" pending={busy && navigation.formData?.get("intent") === "check"}>
                  Verificar Reconexões
                </Button>
              </Form>
            ) : null}
            {connection ? (
              <Badge tone="neutral" className="self-center">
                Limite: 1 instância por corretor
              </Badge>
            ) : hasBroker ? (
              <Link to="?novo=1" className={buttonClass("primary")}>
                Nova Instância
              </Link>
            ) : null}
          </>
        }
      />
      {actionData?.error && !showCreate ? (
        <Alert tone="danger" className="mb-4">
          {actionData.error}
        </Alert>
      ) : null}
      {checkError ? (
        <Alert tone="warning" className="mb-4">
          {checkError}
        </Alert>
      ) : null}
      {!hasBroker ? (
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
          <Card className="p-5" as="article">
            <div className="flex flex-wrap items-start gap-4">
              <div className="grid size-14 place-items-center overflow-hidden rounded-full bg-success-50 text-success-700">
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
                  <h2 className="truncate text-lg font-semibold text-slate-900">{connection.displayName}</h2>
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
                {connection.lastError ? <p className="mt-2 text-sm text-danger-700">{connection.lastError}</p> : null}
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
        </>
      )}

      {showCreate ? (
        <Modal
          title="Nova instância do WhatsApp"
          footer={
            <>
              <Link to="/broker/whatsapp" className={buttonClass("secondary")}>
                Cancelar
              </Link>
              <Button type="submit" form="create-instance" pending={busy}>
                Criar instância
              </Button>
            </>
          }
        >
          <Form method="post" id="create-instance" className="space-y-4" noValidate>
            <input type="hidden" name="intent" value="create" />
            {actionData?.error ? <Alert tone="danger">{actionData.error}</Alert> : null}
            <Field label="Nome da instância" htmlFor="wa-name" hint="Letras minúsculas, números e _ (o resto é convertido).">
              <Input id="wa-name" name="name" required maxLength={60} autoComplete="off" placeholder="meu_celular" />
            </Field>
            <Field label="Número (opcional, para código de pareamento)" htmlFor="wa-number" hint="Com DDD. Sem número, use o QR Code.">
              <Input id="wa-number" name="number" inputMode="tel" maxLength={30} placeholder="(11) 98765-4321" />
            </Field>
          </Form>
        </Modal>
      ) : null}

      {showQr && connection ? (
        <Modal
          title="Conectar WhatsApp"
          footer={
            <>
              <Link to="/broker/whatsapp" className={buttonClass("secondary")}>
                Fechar
              </Link>
              <Form method="post">
                <input type="hidden" name="intent" value="check" />
                <Button type="submit" pending={busy}>
                  Já escaneei
                </Button>
              </Form>
            </>
          }
        >
          <div className="space-y-4 text-center">
            {connection.qrSvg ? (
              <div className="mx-auto w-64" role="img" aria-label="QR Code para conectar o WhatsApp" dangerouslySetInnerHTML={{ __html: connection.qrSvg }} />
            ) : null}
            {connection.pairingCode ? (
              <p className="text-sm text-slate-700">
                Ou digite o código de pareamento: <strong className="font-mono text-2xl tracking-widest text-slate-900" data-testid="pairing-code">{connection.pairingCode}</strong>
              </p>
            ) : null}
            <ol className="mx-auto max-w-sm list-decimal space-y-1 pl-5 text-left text-sm text-slate-600">
              <li>Abra o WhatsApp no celular.</li>
              <li>Toque em Mais opções › Aparelhos conectados › Conectar um aparelho.</li>
              <li>Aponte a câmera para o QR Code (ou use o código com o número de telefone).</li>
            </ol>
            <p className="text-xs text-slate-500">O código vale por 2 minutos. Esta página verifica a conexão sozinha a cada 4 segundos.</p>
          </div>
        </Modal>
      ) : null}

      {confirmDelete && connection ? (
        <Modal
          title="Deletar instância?"
          footer={
            <>
              <Link to="/broker/whatsapp" className={buttonClass("secondary")}>
                Cancelar
              </Link>
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <Button type="submit" variant="danger" pending={busy}>
                  Deletar
                </Button>
              </Form>
            </>
          }
        >
          <p className="text-sm text-slate-700">
            A instância <strong>{connection.displayName}</strong> será desconectada e removida. Campanhas em andamento param de enviar até você conectar outra.
          </p>
        </Modal>
      ) : null}
    </div>
  );
}

function IntentButton({ intent, label, variant }: { intent: string; label: string; variant: "primary" | "secondary" | "danger" }) {
  const navigation = useNavigation();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" size="sm" variant={variant} pending={navigation.state !== "idle" && navigation.formData?.get("intent") === intent}>
        {label}
      </Button>
    </Form>
  );
}
