// docs/performance.md is written by several benchmarks: the main one
// (scripts/bench.mjs) and one per concept (scripts/bench-*.mjs). Each concept
// owns a section between markers, kept when the others rewrite the file.
import fs from "node:fs";

const FILE = "docs/performance.md";
const pattern = /<!-- bench:([a-z0-9-]+) -->[\s\S]*?<!-- \/bench:\1 -->\n?/g;

export function readSections() {
  const text = fs.existsSync(FILE) ? fs.readFileSync(FILE, "utf8") : "";
  return [...text.matchAll(pattern)].map((m) => m[0].trimEnd());
}

/** Replaces (or appends) one concept's section, leaving the rest of the file as it is. */
export function writeSection(name, markdown) {
  const block = `<!-- bench:${name} -->\n${markdown.trim()}\n<!-- /bench:${name} -->`;
  let text = fs.existsSync(FILE) ? fs.readFileSync(FILE, "utf8") : "# Performance\n";
  const own = new RegExp(`<!-- bench:${name} -->[\\s\\S]*?<!-- /bench:${name} -->`);
  text = own.test(text) ? text.replace(own, block) : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(FILE, text);
}
