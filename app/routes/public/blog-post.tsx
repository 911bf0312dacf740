import { data } from "react-router";
import { NotFoundPage } from "~/components/layout/error-pages";

/** Until the blog itself lands (spec 03 §2.9), every article address is a proper 404. */
export function loader() {
  return data({ found: false }, { status: 404 });
}

export const meta = () => [{ title: "Artigo não encontrado | Lar Imóveis" }, { name: "robots", content: "noindex" }];

export default function BlogPost() {
  return <NotFoundPage title="Artigo não encontrado" text="Artigo não encontrado. Em breve publicaremos novos conteúdos no nosso blog." />;
}
