import { Form } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { Alert, Button } from "~/components/ui";

export const meta = () => [{ title: "Conta inativa | Lar Imóveis" }, { name: "robots", content: "noindex" }];

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
