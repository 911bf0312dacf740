import { withRef } from "~/modules/leads/referral";
import { Carousel } from "./carousel";
import { ResponsiveImage } from "~/components/ui/responsive-image";

/**
 * Property photos: 2.5 / 2 / 1.2 per view at ≥1024 / ≥768 / below, 8 px
 * apart (spec 01 §9). A tap opens the photo viewer, a plain page
 * (/imovel/{slug}/fotos/{n}) with previous and next.
 */
export function Gallery({ images, title, path, refCode }: { images: string[]; title: string; path: string; refCode: string | null }) {
  if (images.length === 0) return null;
  const slides = images.map((src, i) => (
    <a key={src} href={withRef(`${path}/fotos/${i + 1}`, refCode)} className="block overflow-hidden rounded-lg bg-slate-100" aria-label={`Abrir foto ${i + 1} de ${images.length} em tamanho grande`}>
      <ResponsiveImage
        src={src}
        alt={i === 0 ? title : `${title} – foto ${i + 1}`}
        sizes="(min-width: 1024px) 40vw, (min-width: 768px) 50vw, 84vw"
        priority={i === 0}
        className="aspect-[4/3] w-full object-cover"
      />
    </a>
  ));
  return <Carousel slides={slides} label="Fotos do imóvel" spvClassName="[--spv:1.2] md:[--spv:2] lg:[--spv:2.5]" gapPx={8} />;
}
