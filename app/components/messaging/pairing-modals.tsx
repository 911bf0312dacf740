import { Form, Link, useNavigation } from "react-router";
import { Button, CancelLink, Modal, buttonClass } from "~/components/ui";
import { ConfirmModal } from "~/components/ui/confirm-modal";
import { FormSummary, TextField, formProps, useAppForm } from "~/components/ui/form";
import type { ConnectionView } from "~/modules/messaging/whatsapp-connections.server";
import { whatsappActionSchema } from "~/modules/messaging/whatsapp-forms";
import type { SubmissionResult } from "@conform-to/react";

/** 'Nova instância' (spec 03 §2.3, §5): name and the optional number for a pairing code; what was typed comes back after an error. */
export function CreateInstanceModal({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useAppForm(whatsappActionSchema, {
    id: "create-instance",
    lastResult,
  });
  return (
    <Modal
      title="Nova instância do WhatsApp"
      footer={
        <>
          <CancelLink to="/broker/whatsapp" />
          <Button type="submit" form={form.id} pending={busy}>
            Criar instância
          </Button>
        </>
      }
    >
      <Form method="post" className="space-y-4" {...formProps(form)}>
        <input type="hidden" name="intent" value="create" />
        <FormSummary form={form} labels={{ name: "Nome da instância", number: "Número" }} />
        <TextField
          meta={fields.name}
          label="Nome da instância"
          hint="Letras minúsculas, números e _ (o resto é convertido)."
          inputProps={{
            autoComplete: "off",
            placeholder: "meu_celular",
            maxLength: 60,
          }}
        />
        <TextField
          meta={fields.number}
          type="tel"
          label="Número (opcional, para código de pareamento)"
          hint="Com DDD. Sem número, use o QR Code."
          inputProps={{
            inputMode: "tel",
            placeholder: "(11) 98765-4321",
            maxLength: 30,
          }}
        />
      </Form>
    </Modal>
  );
}

/**
 * The QR code or pairing code (spec 03 §2.3, §4). The page checks the
 * connection every 4 s by itself (with JavaScript it asks for fresh data;
 * without, the server's Refresh header reloads it); once connected it goes
 * back to the page with the success toast.
 */
export function PairingModal({ connection, pollSeconds }: { connection: ConnectionView; pollSeconds: number }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Modal
      title="Conectar WhatsApp"
      footer={
        <>
          <Link to="/broker/whatsapp" className={buttonClass("secondary")}>
            Fechar
          </Link>
          <Form method="post">
            <Button type="submit" name="intent" value="check" pending={busy}>
              Já escaneei
            </Button>
          </Form>
        </>
      }
    >
      <div className="space-y-4 text-center">
        {connection.qrSvg ? <div className="mx-auto w-full max-w-64" role="img" aria-label="QR Code para conectar o WhatsApp" dangerouslySetInnerHTML={{ __html: connection.qrSvg }} /> : null}
        {connection.pairingCode ? (
          <p className="text-sm text-slate-700">
            Ou digite o código de pareamento:{" "}
            <strong className="font-mono text-2xl tracking-widest text-slate-900" data-testid="pairing-code">
              {connection.pairingCode}
            </strong>
          </p>
        ) : null}
        <ol className="mx-auto max-w-sm list-decimal space-y-1 pl-5 text-left text-sm text-slate-600">
          <li>Abra o WhatsApp no celular.</li>
          <li>Toque em Mais opções › Aparelhos conectados › Conectar um aparelho.</li>
          <li>Aponte a câmera para o QR Code (ou use o código com o número de telefone).</li>
        </ol>
        <p className="text-xs text-slate-500">O código vale por 2 minutos. Esta página verifica a conexão sozinha a cada {pollSeconds} segundos; se preferir, toque em Já escaneei.</p>
      </div>
    </Modal>
  );
}

/** 'Deletar' asks first (spec 03 §2.3). */
export function DeleteInstanceModal({ name }: { name: string }) {
  const busy = useNavigation().state !== "idle";
  return (
    <ConfirmModal
      title="Deletar instância?"
      question={
        <span className="[overflow-wrap:anywhere]">
          A instância <strong>{name}</strong> será desconectada e removida. Campanhas em andamento param de enviar até você conectar outra.
        </span>
      }
      cancelTo="/broker/whatsapp"
      intent="delete"
      fields={{}}
      submitLabel="Deletar"
      pending={busy}
    />
  );
}
