import { describe, expect, it } from "vitest";
import { ndjsonMessages, urlEncodedFields } from "./ndjson";

function streamOf(...chunks: string[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  const bytes = chunks.map((c) => new TextEncoder().encode(c));
  return new ReadableStream({
    start(controller) {
      for (const b of bytes) controller.enqueue(b);
      controller.close();
    },
  });
}

async function all<T>(messages: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const m of messages) out.push(m);
  return out;
}

describe("ndjsonMessages", () => {
  it("yields each line once it is whole, across chunk boundaries, skipping blank lines", async () => {
    expect(await all(ndjsonMessages(streamOf('{"done":1,"to', 'tal":3}\n\n{"done":2', ',"total":3}\n{"done":3,"total":3}\n')))).toEqual([
      { done: 1, total: 3 },
      { done: 2, total: 3 },
      { done: 3, total: 3 },
    ]);
  });

  it("leaves an unfinished last line (no newline) unread", async () => {
    expect(await all(ndjsonMessages(streamOf('{"a":1}\n{"a":')))).toEqual([{ a: 1 }]);
  });

  it("a line that is not JSON throws, or becomes what onBadLine says", async () => {
    await expect(all(ndjsonMessages(streamOf('{"a":1}\n<html>\n')))).rejects.toThrow(SyntaxError);
    expect(await all(ndjsonMessages(streamOf("<html>\n", '{"a":1}\n'), (line) => ({ bad: line })))).toEqual([{ bad: "<html>" }, { a: 1 }]);
  });
});

describe("urlEncodedFields", () => {
  it("keeps the text fields in order and drops files", () => {
    const form = new FormData();
    form.append("intent", "email");
    form.append("ids", "1");
    form.append("ids", "2");
    form.append("file", new Blob(["x"]), "a.csv");
    expect(urlEncodedFields(form).toString()).toBe("intent=email&ids=1&ids=2");
  });
});
