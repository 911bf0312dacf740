/**
 * The browser side of the progress streams (the bulk e-mail, the CSV
 * import): the form posted urlencoded, and the answer read as
 * newline-delimited JSON, one message at a time.
 */

/** A form's text fields, urlencoded like the form itself: multipart is for uploads only (server/request-guards.mjs). */
export function urlEncodedFields(form: FormData): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [k, v] of form) if (typeof v === "string") fields.append(k, v);
  return fields;
}

/** Each JSON line of a streamed body as it arrives (blank lines skipped). A line that is not JSON throws, unless `onBadLine` says what it means. */
export async function* ndjsonMessages<T>(body: ReadableStream<BufferSource>, onBadLine?: (line: string) => T): AsyncGenerator<T> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buf += value;
    let nl: number;
    while ((nl = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, nl).trim();
      buf = buf.slice(nl + 1);
      if (!line) continue;
      let message: T;
      try {
        message = JSON.parse(line) as T;
      } catch (error) {
        if (!onBadLine) throw error;
        message = onBadLine(line);
      }
      yield message;
    }
  }
}
