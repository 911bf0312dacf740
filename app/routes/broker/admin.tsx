import { Form, Link, useLoaderData } from "react-router";
import { z } from "zod";
import { Badge, Button, EmptyState, Input, PageHeader, Table, buttonClass, tdClass, thClass } from "~/components/ui";
import { Pagination } from "~/components/ui/pagination";
import { requireBrokerArea } from "~/modules/auth/auth.server";
import { assertCan } from "~/modules/auth/permissions.server";
import { listBrokersForAdmin } from "~/modules/brokers/brokers.server";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [{ title: "Corretores | Painel do corretor" }];

const query = z.object({ q: z.string().max(200).catch(""), page: z.coerce.number().int().min(1).max(100_000).catch(1) });

/** /broker/admin: the admin's list of brokers with shortcuts to their leads and properties. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireBrokerArea(request);
  assertCan(user, "read", "broker", undefined, { message: "Apenas administradores." });
  const url = new URL(request.url);
  const input = query.parse({ q: url.searchParams.get("q") ?? "", page: url.searchParams.get("page") ?? 1 });
  return listBrokersForAdmin(user, input);
}

export default function BrokerAdmin() {
  const { rows, total, page, pageCount, q } = useLoaderData<typeof loader>();
  const href = (p: number) => `/broker/admin?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  return (
    <div>
      <PageHeader title="Corretores" subtitle={`${total} corretor(es)`} />
      <Form method="get" className="mb-4 flex max-w-lg gap-2" role="search">
        <label htmlFor="q" className="sr-only">Buscar corretor</label>
        <Input id="q" name="q" defaultValue={q} placeholder="Buscar por nome ou e-mail" maxLength={200} />
        <Button type="submit" variant="secondary">Buscar</Button>
      </Form>
      {rows.length === 0 ? (
        <EmptyState title="Nenhum corretor encontrado" />
      ) : (
        <Table>
          <thead className="bg-slate-50">
            <tr>
              <th className={thClass}>Corretor</th>
              <th className={thClass}>Telefone</th>
              <th className={thClass}>Status</th>
              <th className={thClass}>Leads</th>
              <th className={thClass}>Imóveis</th>
              <th className={thClass}>Atalhos</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((b) => (
              <tr key={b.id}>
                <td className={tdClass}>
                  <div className="flex items-center gap-3">
                    {b.profile_image ? (
                      <img src={b.profile_image} alt="" width={32} height={32} className="size-8 rounded-full object-cover" />
                    ) : (
                      <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800">{b.name.slice(0, 1).toUpperCase()}</span>
                    )}
                    <div>
                      <p className="font-medium">{b.name}</p>
                      <p className="text-xs text-slate-600">{b.email}</p>
                    </div>
                  </div>
                </td>
                <td className={tdClass}>{b.phone || "—"}</td>
                <td className={tdClass}>{b.is_active ? <Badge tone="success">Ativo</Badge> : <Badge tone="danger">Inativo</Badge>}</td>
                <td className={tdClass}>{b.leads}</td>
                <td className={tdClass}>{b.properties}</td>
                <td className={tdClass}>
                  <div className="flex flex-wrap gap-1">
                    <Link to={`/broker/leads?broker=${b.id}`} className={buttonClass("secondary", "sm")}>Leads</Link>
                    <Link to={`/broker/properties?ref=${b.id}`} className={buttonClass("secondary", "sm")}>Imóveis</Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <div className="mt-4">
        <Pagination page={page} pageCount={pageCount} href={href} />
      </div>
    </div>
  );
}
