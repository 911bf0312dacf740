import { createCookie, type Cookie } from "react-router";
import { configScoped } from "./config.server";

/**
 * The site's signed cookies, all alike: httpOnly, SameSite=Lax, Secure when
 * the site is served over https, signed with the session secret.
 */
export function signedCookie(name: string, maxAgeSeconds: number): () => Cookie {
  return configScoped((c) =>
    createCookie(name, { httpOnly: true, sameSite: "lax", path: "/", secure: c.publicUrl.startsWith("https://"), secrets: [c.sessionSecret], maxAge: maxAgeSeconds }),
  );
}
