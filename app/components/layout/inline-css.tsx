import { createContext, useContext } from "react";

/**
 * The site's stylesheet is inlined into the HTML head on the server, so the
 * first paint on a slow phone waits for one download (the page) instead of
 * two. Only entry.server.tsx provides the CSS text; in the browser the
 * context is empty and the <style> element rendered by the server is kept as
 * it is (React does not rewrite dangerouslySetInnerHTML when hydrating).
 */
export const InlineCssContext = createContext<string>("");

export function InlineStyles() {
  const css = useContext(InlineCssContext);
  return <style data-inline-css="" dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
