import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_SLOTS, storePhoto, withImageSlot } from "~/modules/files/images.server";
import { isUrlInFolder, movePrivateFilesOutOfUploads, publicKeyFromPath, privateRoot, publicUrl, putFile, resolveKey } from "~/modules/files/storage.server";
import { loader as draftLoader } from "~/routes/resources/draft-photo";
import path from "node:path";
import { unwrap } from "../../helpers/responses";
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

  it("never serves a private file, however the path is spelt (encoded slash, backslash, dot segments, double encoding)", async () => {
    // A material and a draft photo left in the public folder by an earlier version (before the move at start-up).
    const uploads = path.join(process.env.DATA_DIR!, "uploads");
    for (const rel of ["materiais/2025/apostila-0a1b2c.pdf", "imoveis/rascunho-0123456789abcdef/1700000000000-0a1b2c3d4e5f.jpg"]) {
      fs.mkdirSync(path.dirname(path.join(uploads, rel)), { recursive: true });
      fs.writeFileSync(path.join(uploads, rel), "privado");
    }
    // ... and the same files where they live now, in the private area
    for (const key of ["materiais/2025/apostila-0a1b2c.pdf", "imoveis/rascunho-0123456789abcdef/1700000000000-0a1b2c3d4e5f.jpg"]) await putFile(key, Buffer.from("privado"));
    const admin = await sessionCookie((await makeAdmin()).id);
    const broker = await sessionCookie((await makeBroker()).userId);
    for (const key of ["materiais/2025/apostila-0a1b2c.pdf", "imoveis/rascunho-0123456789abcdef/1700000000000-0a1b2c3d4e5f.jpg"]) {
      const [first, ...rest] = key.split("/");
      const tail = rest.join("/");
      for (const spelling of [key, `.%2f${key}`, `.%5c${key}`, `%2e%2f${key}`, `.%2F${key}`, `%2e%2F${key}`, `${first}%2f${tail}`, `%2E/${key}`, `.%252f${key}`, `x/..%2f${key}`, `${first}/./${tail}`, `${first}//${tail}`]) {
        // decoded once, checked part by part: no spelling names a key
        if (spelling !== key) expect(publicKeyFromPath(spelling), spelling).toBeNull();
        for (const cookie of [undefined, broker, admin]) {
          const res = await get(spelling, cookie);
          expect(res.status, `${spelling} ${cookie ? "signed in" : "anonymous"}`).toBe(404);
        }
      }
    }
    // the storage itself refuses dot segments, so a key can never be re-read as another
    for (const bad of ["./materiais/x.pdf", "imoveis/./x.jpg", "a/../b", "a//b"]) expect(() => resolveKey(bad), bad).toThrow(/invalid storage key/);
    expect(publicKeyFromPath("imoveis/casa-1/foto.jpg")).toBe("imoveis/casa-1/foto.jpg");
  });

  it("moves private files out of the public folder at start-up, keeping their keys", async () => {
    const uploads = path.join(process.env.DATA_DIR!, "uploads");
    fs.mkdirSync(path.join(uploads, "materiais/2024"), { recursive: true });
    fs.writeFileSync(path.join(uploads, "materiais/2024/antigo.pdf"), "%PDF-1.4 antigo");
    fs.mkdirSync(path.join(uploads, "imoveis/rascunho-00000000000000aa"), { recursive: true });
    fs.writeFileSync(path.join(uploads, "imoveis/rascunho-00000000000000aa/1-aaaaaaaaaaaa.jpg"), "jpg");
    expect(await movePrivateFilesOutOfUploads()).toBeGreaterThanOrEqual(2);
    expect(fs.existsSync(path.join(uploads, "materiais"))).toBe(false);
    expect(fs.existsSync(path.join(uploads, "imoveis/rascunho-00000000000000aa"))).toBe(false);
    expect(fs.readFileSync(resolveKey("materiais/2024/antigo.pdf"), "utf8")).toBe("%PDF-1.4 antigo");
    expect(resolveKey("materiais/2024/antigo.pdf").startsWith(privateRoot())).toBe(true);
    expect(await movePrivateFilesOutOfUploads()).toBe(0);
  });

  it("serves unsaved draft photos only to a signed-in admin or active broker, by their ids, never cached", async () => {
    const key = "imoveis/rascunho-0123456789abcdef/1700000000001-0a1b2c3d4e5f.jpg";
    await putFile(key, Buffer.from("draft"));
    expect(resolveKey(key).startsWith(privateRoot())).toBe(true);
    expect(publicUrl(key)).toBe("/arquivos/rascunhos/0123456789abcdef/1700000000001-0a1b2c3d4e5f.jpg");
    const admin = await sessionCookie((await makeAdmin()).id);
    const broker = await sessionCookie((await makeBroker()).userId);
    const inactive = await sessionCookie((await makeBroker({ isActive: false })).userId);
    const draft = (file: string, cookie?: string, id = "0123456789abcdef") => unwrap(() => draftLoader(routeArgs(getRequest(`/arquivos/rascunhos/${id}/${file}`, { cookie }), { draft: id, file })));
    const file = "1700000000001-0a1b2c3d4e5f.jpg";
    expect((await draft(file)).location).toMatch(/^\/broker\/login/);
    expect((await draft(file, inactive)).location).toBe("/broker/bloqueado");
    for (const cookie of [admin, broker]) {
      const res = await draft(file, cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    }
    // only ids: any other shape of either part is absent
    for (const [id, name] of [["0123456789abcdef", "..%2f..%2fapp.db"], ["../materiais", file], ["0123456789abcdef", `.${file}`], ["0123456789ABCDEF", file]]) {
      expect((await draft(name, admin, id)).status, `${id}/${name}`).toBe(404);
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
