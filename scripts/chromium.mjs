// Finds Debian's Chromium, installing it with apt when running as root.
// Never downloads a browser of its own.
import { execSync } from "node:child_process";
import fs from "node:fs";

export function ensureChromium() {
  const wanted = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (fs.existsSync(wanted)) return wanted;
  if (process.getuid?.() === 0) {
    console.log("Chromium not found: installing Debian's chromium package…");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
    if (fs.existsSync(wanted)) return wanted;
  }
  console.error(
    `Chromium was not found at ${wanted}.\nInstall it with: sudo apt-get install -y chromium\n(or set CHROMIUM_PATH to a Chromium binary). The tests never download a browser.`,
  );
  process.exit(1);
}
