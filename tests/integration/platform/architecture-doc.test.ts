import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/architecture.md is the map of the code: every file or folder it names
 * in backticks must exist. A name resolves against the repository, `app/`,
 * `app/modules/`, `app/routes/`, `app/components/`, or the folder a table row
 * is about (its first cells); a bare file name (`config.server.ts`) may sit
 * anywhere in the source tree. Patterns (`*`, `**`, `<concept>`, `{a,b}`,
 * `000N`, `[hash]`) must match at least one path. When this fails after a
 * move, update the map in the same commit as the move.
 */
const ROOT = process.cwd();
const DOC = "docs/architecture.md";
const BASES = ["", "app/", "app/modules/", "app/routes/", "app/components/", "tests/"];
/** Written at run time or by the build, or outside this repository: named, never checked in. */
const NOT_IN_THE_TREE = [/^DATA_DIR\//, /^build\//, /^shared\//];
/** Names the map mentions to say they are NOT used. */
const NOT_CLAIMS = new Set(["index.ts"]);
const EXTENSION = /\.(ts|tsx|mjs|js|json|md|css|sql)$/;
const SKIP_DIRS = new Set(["node_modules", ".git", "build", "data", ".react-router", "coverage", ".stryker-tmp", "reports"]);

/** Every file and folder of the repository (folders end with '/'). */
function tree(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      if (SKIP_DIRS.has(entry.name)) continue;
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        out.push(`${rel}/`);
        walk(rel);
      } else out.push(rel);
    }
  };
  walk("");
  return out;
}

/** A backticked token that names a file or folder of the repository (not a URL, an identifier, a command). */
function looksLikePath(token: string): boolean {
  if (!/^[\w.\-/*{}<>[\],]+$/.test(token)) return false; // spaces, '(', ':', '=' … : code or commands
  if (token.startsWith("/") || token.startsWith(".") || token.startsWith("*")) return false; // URLs and naming conventions
  if (NOT_CLAIMS.has(token) || NOT_IN_THE_TREE.some((re) => re.test(token))) return false;
  return token.includes("/") || EXTENSION.test(token);
}

function toRegex(pattern: string): RegExp {
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (pattern.startsWith("**/", i)) {
      re += "(?:.*/)?";
      i += 2;
    } else if (pattern.startsWith("**", i)) {
      re += ".*";
      i += 1;
    } else if (c === "*") re += "[^/]*";
    else if (c === "<") {
      const end = pattern.indexOf(">", i);
      re += "[^/]+";
      i = end;
    } else if (pattern.startsWith("[hash]", i)) {
      re += "[^/]+";
      i += 5;
    } else if (pattern.startsWith("000N", i)) {
      re += "\\d{4}";
      i += 3;
    } else if (c === "{") {
      const end = pattern.indexOf("}", i);
      re += `(?:${pattern
        .slice(i + 1, end)
        .split(",")
        .map((s) => s.replace(/[.+?^$()|\\]/g, "\\$&"))
        .join("|")})`;
      i = end;
    } else re += c.replace(/[.+?^$()|\\[\]]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

type Reference = { token: string; line: number; bases: string[] };

function references(markdown: string): Reference[] {
  const refs: Reference[] = [];
  markdown.split("\n").forEach((text, index) => {
    const tokens = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
    // In a table row, the folders named in the first two cells (`server/`, `platform/`, …) are where the row's names live.
    const cells = text.startsWith("|") ? text.split("|").slice(1, 3) : [];
    const rowFolders = cells.flatMap((cell) => [...cell.matchAll(/`([^`]+\/)`/g)].map((m) => m[1]));
    const bases = [...BASES, ...rowFolders.flatMap((folder) => BASES.map((b) => b + folder))];
    for (const token of tokens) if (looksLikePath(token)) refs.push({ token, line: index + 1, bases });
  });
  return refs;
}

function exists(ref: Reference, all: string[], files: Set<string>): boolean {
  const wanted = ref.token;
  const isPattern = /[*<{[]|000N/.test(wanted);
  for (const base of ref.bases) {
    const full = base + wanted;
    if (isPattern) {
      const re = toRegex(full);
      if (all.some((p) => re.test(p) || re.test(p.replace(/\/$/, "")))) return true;
    } else if (files.has(full) || files.has(full.endsWith("/") ? full : `${full}/`)) return true;
  }
  // A bare file name ('config.server.ts', 'bench.mjs') may live anywhere in the tree.
  if (!wanted.includes("/") && !isPattern) return all.some((p) => p.endsWith(`/${wanted}`) || p === wanted);
  return false;
}

describe("docs/architecture.md", () => {
  it("names only files and folders that exist", () => {
    const all = tree();
    const files = new Set(all);
    const refs = references(fs.readFileSync(path.join(ROOT, DOC), "utf8"));
    // The parser must keep finding the map's paths: a change that made it see none would pass silently.
    expect(refs.length).toBeGreaterThan(100);
    const missing = refs.filter((ref) => !exists(ref, all, files));
    const report = missing.map((m) => `  - \`${m.token}\` (${DOC}:${m.line})`).join("\n");
    expect(
      missing.map((m) => m.token),
      `${DOC} names ${missing.length} path(s) that do not exist:\n${report}\n` +
        `Each was looked for under ${BASES.map((b) => b || "./").join(", ")}, the folder its table row is about, ` +
        `and (for a bare file name) anywhere in the tree. A file moved or was renamed: update the map in the same commit.`,
    ).toEqual([]);
  });

  it("the check itself: finds a real path, refuses a made-up one, expands patterns", () => {
    const all = tree();
    const files = new Set(all);
    const ref = (token: string, bases = BASES): Reference => ({ token, line: 0, bases });
    expect(exists(ref("app/routes.ts"), all, files)).toBe(true);
    expect(exists(ref("platform/jobs.server.ts"), all, files)).toBe(true); // under app/modules/
    expect(exists(ref("config.server.ts"), all, files)).toBe(true); // a bare name, anywhere
    expect(exists(ref("migrations/000N_*.ts", [...BASES, "db/"]), all, files)).toBe(true);
    expect(exists(ref("app/modules/<concept>/"), all, files)).toBe(true);
    expect(exists(ref("app/modules/platform/nao-existe.server.ts"), all, files)).toBe(false);
    expect(exists(ref("nao-existe.server.ts"), all, files)).toBe(false);
    expect(exists(ref("app/modules/<concept>/nao-existe/"), all, files)).toBe(false);
    expect(looksLikePath("/broker/lead/:id")).toBe(false);
    expect(looksLikePath("login({ role })")).toBe(false);
    expect(looksLikePath("DATA_DIR/outbox")).toBe(false);
    expect(looksLikePath("leads/lead-hooks.server.ts")).toBe(true);
  });
});
