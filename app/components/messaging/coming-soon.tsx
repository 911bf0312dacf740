import { Link } from "react-router";
import { buttonClass, Card } from "~/components/ui";

/** Shown on the WhatsApp pages while no gateway is configured (spec 03 §1). */
export function ComingSoon() {
  return (
    <Card className="mx-auto max-w-xl p-8 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-accent-700">Em breve</p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Funcionalidade em Breve</h1>
      <p className="mt-3 text-sm text-slate-600">
        O envio de mensagens pelo WhatsApp ainda não foi ativado pela imobiliária. Enquanto isso, fale com seus leads pelo link do WhatsApp na página de cada lead.
      </p>
      <Link to="/broker/dashboard" className={buttonClass("secondary", "md", "mt-6")}>
        Voltar ao painel
      </Link>
    </Card>
  );
}
