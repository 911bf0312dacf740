import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Alert, Field } from "~/components/ui";
import { PROFILE_PHOTO_TYPES } from "~/modules/brokers/profile";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/**
 * A broker's photo inside a form (settings, the admin's broker editor): the
 * current picture (or the initial), the file field with its message beside
 * it (a 9 MB file says so, and the rest of the form stays as typed), an
 * optional button and notice.
 */
export function ProfilePhotoField({ meta, name, currentUrl, notice, action, extra }: { meta: Meta; name: string; currentUrl: string | null; notice?: string; action?: ReactNode; extra?: ReactNode }) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-4">
        {currentUrl ? (
          <img src={currentUrl} alt="Foto de perfil" width={80} height={80} className="size-20 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-20 shrink-0 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-800">
            {(name.trim() || "?").slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
          <Field label="Foto de perfil" htmlFor={meta.id} error={meta.errors} hint="JPG, PNG ou WebP, até 8 MB." className="min-w-0 max-w-full">
            <input {...getInputProps(meta, { type: "file", ariaAttributes: true })} accept={PROFILE_PHOTO_TYPES} className="block w-full max-w-full text-sm" />
          </Field>
          {action}
        </div>
      </div>
      {extra}
      {notice ? <Alert tone="info">{notice}</Alert> : null}
    </div>
  );
}
