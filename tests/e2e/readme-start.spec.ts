import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";

/**
 * The README's first command, run as a new user runs it (issue 24, First
 * contact): `npm start` in the project folder with a fresh DATA_DIR builds
 * the app and serves the real site: public pages with their enhancement
 * module, the demo data, the demo logins. `npm install`, the command's first
 * half, has run already (the suite runs on the installed project).
 *
 * Two settings differ from a first start on a laptop, each for a reason: a
 * free PORT (3000 may be taken here), and BUILD_DIR (the suite's own server
 * serves ./build while this test builds; BUILD_DIR is the README's own
 * setting for builds side by side). Nothing else the e2e runner sets for its
 * server reaches this process.
 */
const root = path.resolve(".");
const E2E_ONLY = ["NODE_ENV", "PORT", "DATA_DIR", "BUILD_DIR", "LOG_LEVEL", "RATE_LIMIT_MAX", "SMTP_URL", "PASSWORD_HASH_COST", "SESSION_SECRET", "SEED_DEMO", "PUBLIC_URL", "CHROMIUM_PATH"];

function readmeStartCommand(): string[] {
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
  const quickStart = readme.slice(readme.indexOf("## Quick start"));
  const block = /```sh\n([^`]+?)\n```/.exec(quickStart);
  expect(block, "the README's Quick start has a sh block").not.toBeNull();
  return block![1].trim().split(/\s*&&\s*/);
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "one start is enough: what is tested is the command, and the enhancement needs JavaScript to be seen working");

test("the README's `npm start` on a fresh data folder serves the enhanced site and the demo", async ({ page }) => {
  test.setTimeout(10 * 60_000);
  const commands = readmeStartCommand();
  expect(commands).toEqual(["npm install", "npm start"]);

  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "imob-readme-"));
  const buildDir = path.join(".tmp", `readme-start-${process.pid}-${Date.now()}`);
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !E2E_ONLY.includes(k) && !k.startsWith("E2E_") && !k.startsWith("npm_")));
  Object.assign(env, { PORT: String(port), DATA_DIR: dataDir, BUILD_DIR: buildDir });
  const started = Date.now();
  // its own process group: npm starts node, which starts the build and then the server; all of it is stopped at the end
  const child = spawn("npm", commands[1].split(" ").slice(1), { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  let exited: number | null = null;
  child.on("exit", (code) => (exited = code ?? -1));
  const base = `http://localhost:${port}`;
  try {
    for (;;) {
      if (exited !== null) throw new Error(`npm start stopped (exit ${exited}):\n${output.slice(-3000)}`);
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 8 * 60_000) throw new Error(`npm start did not answer /healthz within 8 minutes:\n${output.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    test.info().annotations.push({ type: "npm start, fresh data folder, to /healthz", description: `${seconds} s` });
    process.stdout.write(`npm start (build, migrations, demo seed) answered /healthz after ${seconds} s\n`);

    // The build printed no deprecation or future-flag warnings, and the start printed the demo logins.
    expect(output).not.toMatch(/envFile|Future Flag Warning|PLUGIN_TIMINGS/);
    expect(output).toMatch(/enhance: \/assets\/enhance-[\w-]+\.js/);
    expect(output).toMatch(/map: \/assets\/map-[\w-]+\.js/);
    expect(output).toContain("Demo logins:");
    expect(output).not.toContain("enhance.json is missing");

    // The public page loads the enhancement module the build wrote, and the module is served.
    const manifest = JSON.parse(fs.readFileSync(path.join(root, buildDir, "enhance.json"), "utf8")) as { src: string };
    const home = await (await fetch(`${base}/`)).text();
    expect(home).toContain(`<script type="module" src="${manifest.src}"`);
    const script = await fetch(`${base}${manifest.src}`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/javascript/);

    // ... and it runs: the contact form's phone field is masked as the visitor types.
    await page.goto(`${base}/contato`);
    const phone = page.locator("input[data-phone-mask]");
    await phone.pressSequentially("11987654321");
    await expect(phone).toHaveValue("(11) 98765-4321");

    // The demo data is there: listings, blog articles, every portal feed, and the demo admin can sign in.
    await page.goto(`${base}/imoveis`);
    await expect(page.getByText(/\d+ imóve(is|l) encontrados?/).first()).toBeVisible();
    await page.goto(`${base}/blog`);
    await expect(page.getByRole("heading", { name: "Financiamento do primeiro imóvel: o passo a passo" })).toBeVisible();
    for (const [portal, tag] of [
      ["olx", "<Listing>"],
      ["chavesnamao", "<imovel>"],
      ["default", "<property>"],
    ]) {
      const feed = await (await fetch(`${base}/xml/${portal}`)).text();
      expect(feed.split(tag).length - 1, portal).toBeGreaterThanOrEqual(40);
    }
    const logins = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-logins.json"), "utf8")) as Record<string, string>;
    await page.goto(`${base}/login`);
    await page.getByLabel("E-mail").fill("admin@larimoveis.com.br");
    await page.getByLabel("Senha").fill(logins["admin@larimoveis.com.br"]);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/admin/);
  } finally {
    if (child.pid && exited === null) {
      const gone = new Promise((r) => child.once("exit", r));
      process.kill(-child.pid, "SIGTERM");
      await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
      if (exited === null) process.kill(-child.pid, "SIGKILL");
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(path.join(root, buildDir), { recursive: true, force: true });
  }
});
