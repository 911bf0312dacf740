import { Form, redirect } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { Alert, Button } from "~/components/ui";
import { optionalUser } from "~/modules/auth/auth.server";
import type { Route } from "./+types/blocked";

export const meta = () => [{ title: "Conta inativa | Lar Imóveis" }, { name: "robots", content: "noindex" }];

/** Only a signed-in inactive broker belongs here; anyone else goes where they belong. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await optionalUser(request);
  if (!user) throw redirect("/broker/login");
  if (user.role === "admin") throw redirect("/admin");
  if (!user.broker) throw redirect("/broker/login");
  if (user.broker.isActive) throw redirect("/broker/dashboard");
  return null;
}

export default function Blocked() {
  return (
    <AuthCard title="Conta inativa">
      <Alert tone="warning">Entre em contato com o administrador.</Alert>
      <Form method="post" action="/logout" className="mt-4">
        <input type="hidden" name="redirectTo" value="/broker/login" />
        <Button type="submit" variant="secondary" className="w-full">
          Sair
        </Button>
      </Form>
    </AuthCard>
  );
}
