import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_SLOTS, storePhoto, withImageSlot } from "~/modules/files/images.server";
import { isUrlInFolder, putFile, resolveKey } from "~/modules/files/storage.server";
import { loader as uploadsLoader } from "~/routes/resources/uploads";
import fs from "node:fs";
import { IMAGE_WIDTHS } from "~/utils/images";
import { getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { makeAdmin, makeBroker } from "../../helpers/factories";

/** /uploads/* (issue 14): traversal, content types, private files, caching; photos stored without metadata; the image queue. */
async function get(key: string, cookie?: string): Promise<Response> {
  const res = await uploadsLoader(routeArgs(getRequest(`/uploads/${key}`, { cookie }), { "*": key }));
  return res as Response;
}

describe("/uploads/*", () => {
  it("refuses paths that leave the uploads folder, however they are written", async () => {
    await putFile("imoveis/teste-traversal/foto.jpg", Buffer.from("x"));
    for (const key of ["../app.db", "%2e%2e/app.db", "imoveis/..%2f..%2fapp.db", "imoveis/teste-traversal/../../../app.db", "..\\app.db", "%E0%A4%A"]) {
      const res = await get(key);
      expect(res.status, key).toBe(404);
      expect(await res.text()).toBe("Arquivo não encontrado.");
    }
  });

  it("answers the right content type, downloads SVG and unknown types, caches public photos for a year with a working ETag", async () => {
    await putFile("imoveis/teste-tipos/foto.jpg", Buffer.from("jpeg"));
    await putFile("imoveis/teste-tipos/logo.svg", Buffer.from("<svg onload='alert(1)'/>"));
    await putFile("imoveis/teste-tipos/script.html", Buffer.from("<script>alert(1)</script>"));
    const jpg = await get("imoveis/teste-tipos/foto.jpg");
    expect(jpg.status).toBe(200);
    expect(jpg.headers.get("Content-Type")).toBe("image/jpeg");
    expect(jpg.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(jpg.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(jpg.headers.get("Content-Disposition")).toBeNull();
    const again = await uploadsLoader(routeArgs(new Request("http://localhost/uploads/imoveis/teste-tipos/foto.jpg", { headers: { "If-None-Match": jpg.headers.get("ETag")! } }), { "*": "imoveis/teste-tipos/foto.jpg" }));
    expect((again as Response).status).toBe(304);
    const svg = await get("imoveis/teste-tipos/logo.svg");
    expect(svg.headers.get("Content-Disposition")).toBe("attachment");
    const html = await get("imoveis/teste-tipos/script.html");
    expect(html.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(html.headers.get("Content-Disposition")).toBe("attachment");
  });

  it("serves unsaved draft photos and materials only to the signed-in back office, never cached", async () => {
    const draft = "imoveis/rascunho-0123456789abcdef/foto.jpg";
    const material = "materiais/apostila.pdf";
    await putFile(draft, Buffer.from("draft"));
    await putFile(material, Buffer.from("%PDF-1.4"));
    const admin = await sessionCookie((await makeAdmin()).id);
    const broker = await sessionCookie((await makeBroker()).userId);
    const inactive = await sessionCookie((await makeBroker({ isActive: false })).userId);
    for (const key of [draft, material]) {
      expect((await get(key)).status, `${key} anonymous`).toBe(404);
      expect((await get(key, inactive)).status, `${key} inactive broker`).toBe(404);
      for (const cookie of [admin, broker]) {
        const res = await get(key, cookie);
        expect(res.status, key).toBe(200);
        expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      }
    }
  });
});

describe("photo paths posted by a form", () => {
  it("are trusted only inside the form's own folder, after resolving", () => {
    const own = "imoveis/casa-1";
    expect(isUrlInFolder("/uploads/imoveis/casa-1/a.jpg", own)).toBe(true);
    for (const url of [
      "/uploads/imoveis/casa-1/../casa-2/a.jpg",
      "/uploads/imoveis/casa-1/%2e%2e/casa-2/a.jpg",
      "/uploads/imoveis/casa-1/..%2fcasa-2/a.jpg",
      "/uploads/imoveis/casa-10/a.jpg",
      "/uploads/imoveis/casa-1",
      "https://evil.example/uploads/imoveis/casa-1/a.jpg",
      "/uploads/imoveis/casa-1/%E0%A4%A",
    ]) {
      expect(isUrlInFolder(url, own), url).toBe(false);
    }
  });
});

describe("stored photos", () => {
  it("lose EXIF (GPS, camera, author) and trailing bytes, and keep their format", async () => {
    const withExif = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366aa" } })
      .jpeg()
      .withExif({ IFD0: { Make: "CameraSecreta", Artist: "Fulano de Tal" }, IFD3: { GPSLatitudeRef: "S", GPSLongitudeRef: "W" } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const trailing = Buffer.concat([withExif, Buffer.from("SEGREDO-NO-FIM")]);
    const key = await storePhoto("imoveis/teste-exif", "foto.jpg", trailing);
    const stored = fs.readFileSync(resolveKey(key));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from("CameraSecreta"))).toBe(false);
    expect(stored.includes(Buffer.from("SEGREDO-NO-FIM"))).toBe(false);
    const variant = fs.readFileSync(resolveKey(`${key}.w${IMAGE_WIDTHS[0]}.webp`));
    expect((await sharp(variant).metadata()).exif).toBeUndefined();
  });

  it("are processed at most IMAGE_SLOTS at a time across requests, and every one finishes", async () => {
    let running = 0;
    let peak = 0;
    const done = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        withImageSlot(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 15));
          running -= 1;
          if (i === 3) throw new Error("uma falha não trava a fila");
          return i;
        }).catch(() => -1),
      ),
    );
    expect(peak).toBe(IMAGE_SLOTS);
    expect(done).toEqual([0, 1, 2, -1, 4, 5, 6]);
    // the queue is free again afterwards
    expect(await withImageSlot(async () => "livre")).toBe("livre");
  });
});
