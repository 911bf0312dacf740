import { Form } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { Button, CancelLink, Card, Field, Modal, CardTitle } from "~/components/ui";
import { FormSummary, HiddenField, TextField, formProps, useAppForm } from "~/components/ui/form";
import { MATERIAL_MAX_BYTES, formatBytes, materialActionSchema } from "~/modules/brokers/materials";

type Result = SubmissionResult<string[]> | undefined;

/** /broker/cursos: the admin's upload (the name first, then the file); after any refusal the name typed stays and the message sits beside its field. */
export function MaterialUploadCard({ lastResult, busy }: { lastResult: Result; busy: boolean }) {
  const [form, fields] = useAppForm(materialActionSchema, { id: "material-upload", lastResult, shouldValidate: "onSubmit" });
  return (
    <Card className="mb-4 p-5" as="section">
      <CardTitle>Enviar material</CardTitle>
      <Form method="post" encType="multipart/form-data" {...formProps(form)} className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <HiddenField name="intent" value="upload" />
        <FormSummary form={form} className="sm:col-span-3" />
        <TextField meta={fields.name} label="Nome do material" hint="Letras, números, espaços, hífens e sublinhados." inputProps={{ maxLength: 100 }} />
        <Field label="Arquivo" htmlFor={fields.file.id} error={fields.file.errors} hint={`Até ${formatBytes(MATERIAL_MAX_BYTES)}.`} className="min-w-0">
          <input {...getInputProps(fields.file, { type: "file", ariaAttributes: true })} className="block w-full max-w-full text-sm" />
        </Field>
        <Button type="submit" pending={busy} className="sm:mt-6">
          Enviar
        </Button>
      </Form>
    </Card>
  );
}

/** The rename modal (?rename={id}); a refused name comes back as typed, with its message. */
export function MaterialRenameModal({ material, back, lastResult, busy }: { material: { id: number; name: string }; back: string; lastResult: Result; busy: boolean }) {
  const [form, fields] = useAppForm(materialActionSchema, { id: "material-rename", lastResult, defaultValue: { name: material.name }, shouldValidate: "onSubmit" });
  return (
    <Modal title="Renomear material">
      <Form method="post" {...formProps(form)} className="space-y-3">
        <HiddenField name="intent" value="rename" />
        <HiddenField name="id" value={material.id} />
        <HiddenField name="back" value={back} />
        <FormSummary form={form} />
        <TextField meta={fields.name} label="Novo nome" inputProps={{ maxLength: 100, autoFocus: true }} />
        <div className="flex justify-end gap-2">
          <CancelLink to={`/broker/cursos${back}`} />
          <Button type="submit" pending={busy}>
            Salvar
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
