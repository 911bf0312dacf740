import { data } from "react-router";
import { NotFoundPage } from "~/components/layout/error-pages";

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: "Página não encontrada | Lar Imóveis" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return <NotFoundPage />;
}
