import { stripInvalidXmlChars } from "./rules";

/**
 * The one XML writer of the feeds: text and attribute escaping, and a
 * streamed document. Nothing here builds a whole feed in memory: a document
 * is a head, pages of listings pulled one at a time (so a slow portal holds
 * back the database reads) and a tail.
 */
const NEEDS_ESCAPE = /[&<>"']/;
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Any text made safe for an XML element or attribute (characters XML cannot carry are dropped). */
export function escapeXml(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? String(value) : stripInvalidXmlChars(value);
  return NEEDS_ESCAPE.test(text) ? text.replace(/[&<>"']/g, (c) => ESCAPES[c]) : text;
}

type Attrs = Record<string, string | number | null | undefined>;
function attrs(a?: Attrs): string {
  if (!a) return "";
  let out = "";
  for (const [k, v] of Object.entries(a)) if (v !== null && v !== undefined) out += ` ${k}="${escapeXml(v)}"`;
  return out;
}

/** <name attrs>text</name>; an empty or missing value gives <name/>. */
export function el(name: string, value: string | number | null | undefined, a?: Attrs): string {
  const text = escapeXml(value);
  return text === "" ? `<${name}${attrs(a)}/>` : `<${name}${attrs(a)}>${text}</${name}>`;
}

/** <name attrs>…children…</name>, children already XML. */
export function wrap(name: string, children: string, a?: Attrs): string {
  return `<${name}${attrs(a)}>${children}</${name}>`;
}

/** A document streamed from a head, chunks pulled from `body` on demand, and a tail. */
export function xmlStream(head: string, body: AsyncIterable<string>, tail: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = body[Symbol.asyncIterator]();
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (!started) {
            started = true;
            controller.enqueue(encoder.encode(head));
            return;
          }
          // a page whose listings were all left out gives "": read on until something is written
          while (!done) {
            const next = await iterator.next();
            if (next.done) {
              done = true;
              controller.enqueue(encoder.encode(tail));
              controller.close();
              return;
            }
            if (next.value) {
              controller.enqueue(encoder.encode(next.value));
              return;
            }
          }
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}

