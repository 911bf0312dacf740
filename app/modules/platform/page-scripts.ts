/**
 * Which pages load React in the browser. The back office hydrates; the
 * public site is plain server HTML plus one small enhancement module
 * (app/enhance/public.ts), so a visitor on a slow phone does not download
 * the framework to read what the server already sent. A route says so with
 * `export const handle = { hydrate: false }`; the deepest route that says
 * anything wins, so a public page can opt back in with `{ hydrate: true }`.
 */
export type PageHandle = { hydrate?: boolean };

export function shouldHydrate(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle as PageHandle | undefined;
    if (handle && typeof handle.hydrate === "boolean") return handle.hydrate;
  }
  return true;
}
