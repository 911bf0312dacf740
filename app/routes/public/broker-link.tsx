import { Link, data, redirect } from "react-router";
import { buttonClass } from "~/components/ui";
import { findActiveBrokerByPath } from "~/modules/auth/users.server";
import type { Route } from "./+types/broker-link";

/** A broker's personal address: /corretor/{path} → the catalogue with their ref (spec 01 §2). */
export async function loader({ params }: Route.LoaderArgs) {
  const path = (params.brokerUrl ?? "").slice(0, 100);
  const broker = path ? await findActiveBrokerByPath(path) : null;
  if (broker) return redirect(`/imoveis?ref=${encodeURIComponent(broker.id)}`);
  return data({ found: false }, { status: 404 });
}

export const meta = () => [{ title: "Corretor não encontrado | Lar Imóveis" }, { name: "robots", content: "noindex" }];

export default function BrokerNotFound() {
  return (
    <main id="main" className="container-page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      <p className="text-sm font-semibold text-danger-600">Erro!</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Corretor não encontrado</h1>
      <p className="mt-3 max-w-md text-slate-600">Corretor não encontrado ou inativo.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/imoveis" className={buttonClass("primary")}>
          Ver todos os imóveis
        </Link>
        <Link to="/contato" className={buttonClass("secondary")}>
          Fale conosco
        </Link>
      </div>
    </main>
  );
}
