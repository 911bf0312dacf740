/**
 * A browser's form post that server/request-guards.mjs refused (too large,
 * a content type or boundary no route reads) reaches the app as a GET of
 * the same page with this header (the guard removes any the client sent):
 * the root loader shows the pt-BR message on the page, with the refusal's
 * 4xx status. Nothing of the body was read.
 */
export const REFUSED_POST_HEADER = "x-refused-post";

export function refusedPost(request: Request): { status: number; message: string } | null {
  const raw = request.headers.get(REFUSED_POST_HEADER);
  const match = raw ? /^(4\d\d) (.+)$/.exec(raw) : null;
  if (!match) return null;
  try {
    return { status: Number(match[1]), message: decodeURIComponent(match[2]).slice(0, 300) };
  } catch {
    return null;
  }
}
