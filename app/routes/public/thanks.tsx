// Placeholder: filled in by its issue.
export const meta = () => [{ title: "Obrigado | Lar Imóveis" }];

export default function Page() {
  return (
    <main id="main" className="container-page py-10">
      <h1 className="text-2xl font-bold">Obrigado</h1>
    </main>
  );
}
