/**
 * Reads a single-part .eml as written by the outbox (nodemailer's stream
 * transport): decoded headers and text body. Enough for tests; not a MIME
 * library.
 */
export type ParsedMail = { headers: Record<string, string>; subject: string; to: string; from: string; text: string };

function qpBytes(input: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < input.length; i++) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i], "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : qpBytes(text.replace(/_/g, " ")),
    );
}

export function parseEml(raw: string): ParsedMail {
  const normalised = raw.replace(/\r\n/g, "\n");
  const split = normalised.indexOf("\n\n");
  const head = normalised.slice(0, split).replace(/\n[ \t]+/g, " ");
  const body = normalised.slice(split + 2);
  const headers: Record<string, string> = {};
  for (const line of head.split("\n")) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = decodeHeader(line.slice(i + 1).trim());
  }
  const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  const text =
    encoding === "quoted-printable" ? qpBytes(body.replace(/=\n/g, "")) : encoding === "base64" ? Buffer.from(body, "base64").toString("utf8") : body;
  return { headers, subject: headers.subject ?? "", to: headers.to ?? "", from: headers.from ?? "", text };
}
