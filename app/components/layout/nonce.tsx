import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this response (made per request in
 * server/request-guards.mjs, sent by entry.server.tsx). Inline scripts
 * (React Router's hydration data, scroll restoration) carry it; in the
 * browser it is empty, as browsers hide nonce attributes anyway.
 */
export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);
