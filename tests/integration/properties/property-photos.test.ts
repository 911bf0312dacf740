import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { applyWatermark } from "~/modules/files/images.server";
import { PHOTO_LIMITS, type TempPhoto } from "~/modules/properties/photo-upload";
import {
  deletePhotos,
  draftFolderName,
  movePhotosToFolder,
  parseMultipartWithPhotos,
  purgeStaleDrafts,
  storeUploadedPhotos,
} from "~/modules/properties/photos.server";
import { fileExists, keyFromUrl, putFile, resolveKey } from "~/modules/files/storage.server";
import {
  BROKER_FORCED_WATERMARK,
  PROJECT_LOGO_URL,
  WATERMARK_FIELDS,
  listWatermarks,
  loadWatermarkLogo,
  parseWatermarkSpec,
  saveWatermarkLogo,
} from "~/modules/properties/watermarks.server";

/** Real files in the test's temporary DATA_DIR; nothing is mocked. */
const MB = 1024 * 1024;

async function solidImage(format: "jpeg" | "png" | "webp", width = 640, height = 480, colour = { r: 40, g: 120, b: 200 }): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: colour } });
  if (format === "jpeg") return img.jpeg({ quality: 90 }).toBuffer();
  if (format === "png") return img.png().toBuffer();
  return img.webp({ quality: 90 }).toBuffer();
}

async function tempFile(name: string, data: Buffer): Promise<TempPhoto> {
  const dir = path.join(process.env.DATA_DIR!, "tmp");
  await fsp.mkdir(dir, { recursive: true });
  const p = path.join(dir, `test-${Date.now()}-${Math.random().toString(16).slice(2)}`);
  await fsp.writeFile(p, data);
  return { path: p, originalName: name, size: data.length };
}

function variantKeys(key: string): string[] {
  return [400, 800, 1200].map((w) => `${key}.w${w}.webp`);
}

async function pixelAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i], data[i + 1], data[i + 2]];
}

function near(actual: number[], expected: number[], tolerance = 6): boolean {
  return actual.every((v, i) => Math.abs(v - expected[i]) <= tolerance);
}

function multipartRequest(form: FormData): Request {
  return new Request("http://localhost/broker/properties/novo", { method: "POST", body: form });
}

describe("storeUploadedPhotos", () => {
  it("stores JPEG, PNG and WebP originals in their own type with three WebP variants, in order", async () => {
    const files = [
      await tempFile("sala.jpg", await solidImage("jpeg")),
      await tempFile("cozinha.png", await solidImage("png")),
      await tempFile("quarto.webp", await solidImage("webp")),
    ];
    const folder = draftFolderName();
    const { urls, errors } = await storeUploadedPhotos(files, { folder, watermark: null });
    expect(errors).toEqual([]);
    expect(urls).toHaveLength(3);
    expect(urls.map((u) => path.extname(u))).toEqual([".jpg", ".png", ".webp"]);
    for (const url of urls) {
      const key = keyFromUrl(url)!;
      expect(key.startsWith(`${folder}/`)).toBe(true);
      expect(path.basename(key)).toMatch(/^\d{13}-[0-9a-f]+\.(jpg|png|webp)$/);
      expect(await fileExists(key)).toBe(true);
      for (const v of variantKeys(key)) {
        expect(await fileExists(v)).toBe(true);
        expect((await sharp(resolveKey(v)).metadata()).format).toBe("webp");
      }
    }
    // temp files are always removed
    for (const f of files) expect(fs.existsSync(f.path)).toBe(false);
  });

  it("rejects a corrupt image, a text file named .jpg and a too-large file while the good one goes through", async () => {
    const good = await solidImage("jpeg", 800, 600);
    const truncated = good.subarray(0, Math.floor(good.length / 2));
    const files = [
      await tempFile("texto.jpg", Buffer.from("isto não é uma imagem, apenas texto\n".repeat(50))),
      await tempFile("cortada.jpg", truncated),
      await tempFile("boa.jpg", good),
      { ...(await tempFile("enorme.jpg", good)), tooLarge: true },
    ];
    const { urls, errors } = await storeUploadedPhotos(files, { folder: draftFolderName(), watermark: null });
    expect(urls).toHaveLength(1);
    expect(errors).toHaveLength(3);
    for (const e of errors) expect(e).toMatch(/^Erro ao enviar imagem: /);
    expect(errors[0]).toContain("texto.jpg");
    expect(errors[1]).toContain("cortada.jpg");
    expect(errors[2]).toContain("enorme.jpg");
    for (const f of files) expect(fs.existsSync(f.path)).toBe(false);
  });

  it("draws the forced broker watermark on stored photos", async () => {
    const files = [await tempFile("branca.png", await solidImage("png", 1000, 800, { r: 30, g: 30, b: 30 }))];
    const { urls, errors } = await storeUploadedPhotos(files, { folder: draftFolderName(), watermark: BROKER_FORCED_WATERMARK });
    expect(errors).toEqual([]);
    const stored = await fsp.readFile(resolveKey(keyFromUrl(urls[0])!));
    // the white mark of the project logo, at 50% over dark grey, somewhere in the centre band
    const { data, info } = await sharp(stored).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let lighter = 0;
    for (let x = 375; x < 625; x++) {
      const i = (400 * info.width + x) * info.channels;
      if (data[i] > 100) lighter++;
    }
    expect(lighter).toBeGreaterThan(10);
    expect(await pixelAt(stored, 10, 10)).toEqual([30, 30, 30]);
  });

  it("refuses a folder outside imoveis/", async () => {
    const files = [await tempFile("boa.jpg", await solidImage("jpeg"))];
    await expect(storeUploadedPhotos(files, { folder: "../fora", watermark: null })).rejects.toThrow();
    expect(fs.existsSync(files[0].path)).toBe(false);
  });
});

describe("parseMultipartWithPhotos", () => {
  it("streams photo parts to temp files on disk and keeps text fields apart", async () => {
    const jpeg = await solidImage("jpeg");
    const png = await solidImage("png");
    const form = new FormData();
    form.append("title", "Casa com quintal");
    form.append("description", "Linha 1\nLinha 2");
    form.append("photos", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "frente.jpg");
    form.append("photos", new Blob([new Uint8Array(png)], { type: "image/png" }), "fundos ção.png");
    form.append("photos", new Blob([]), ""); // an input left empty by the browser
    form.append("watermarkFile", new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
    const parsed = await parseMultipartWithPhotos(multipartRequest(form));
    expect(parsed.errors).toEqual([]);
    expect(parsed.formData.get("title")).toBe("Casa com quintal");
    // multipart text keeps the CRLF line breaks browsers send, as request.formData() does
    expect(parsed.formData.get("description")).toBe("Linha 1\r\nLinha 2");
    expect(parsed.formData.get("photos")).toBeNull();
    expect(parsed.files.map((f) => f.originalName)).toEqual(["frente.jpg", "fundos ção.png"]);
    expect(parsed.files.map((f) => f.size)).toEqual([jpeg.length, png.length]);
    for (const f of parsed.files) {
      expect(f.path.startsWith(path.join(process.env.DATA_DIR!, "tmp"))).toBe(true);
      expect(fs.statSync(f.path).size).toBe(f.size);
    }
    expect(parsed.watermarkFile?.originalName).toBe("logo.png");
    const stored = await storeUploadedPhotos(parsed.files, { folder: draftFolderName(), watermark: null });
    expect(stored.urls).toHaveLength(2);
    const saved = await saveWatermarkLogo(parsed.watermarkFile!);
    expect("url" in saved && saved.url).toMatch(/^\/uploads\/imoveis\/watermarks\/watermark-\d{13}-[0-9a-f]+\.png$/);
  });

  it("drops a file over the per-file limit with a message while the others go through", async () => {
    const small = await solidImage("jpeg");
    const form = new FormData();
    form.append("photos", new Blob([new Uint8Array(2 * MB)], { type: "image/jpeg" }), "grande.jpg");
    form.append("photos", new Blob([new Uint8Array(small)], { type: "image/jpeg" }), "pequena.jpg");
    const parsed = await parseMultipartWithPhotos(multipartRequest(form), { ...PHOTO_LIMITS, maxFileBytes: 1 * MB });
    expect(parsed.errors).toEqual(["Erro ao enviar imagem: grande.jpg: arquivo maior que 1 MB"]);
    expect(parsed.files.map((f) => f.originalName)).toEqual(["pequena.jpg"]);
    await storeUploadedPhotos(parsed.files, { folder: draftFolderName(), watermark: null });
    const left = await fsp.readdir(path.join(process.env.DATA_DIR!, "tmp"));
    expect(left.filter((n) => n.startsWith("upload-"))).toEqual([]);
  });

  it("rejects photos beyond the count limit", async () => {
    const small = await solidImage("png", 20, 20);
    const form = new FormData();
    for (let i = 1; i <= 4; i++) form.append("photos", new Blob([new Uint8Array(small)], { type: "image/png" }), `f${i}.png`);
    const parsed = await parseMultipartWithPhotos(multipartRequest(form), { ...PHOTO_LIMITS, maxFiles: 3 });
    expect(parsed.files.map((f) => f.originalName)).toEqual(["f1.png", "f2.png", "f3.png"]);
    expect(parsed.errors).toEqual(["Erro ao enviar imagem: no máximo 3 imagens por envio; as demais foram ignoradas"]);
    await storeUploadedPhotos(parsed.files, { folder: draftFolderName(), watermark: null });
    expect(PHOTO_LIMITS).toEqual({ maxFiles: 20, maxFileBytes: 15 * MB, maxRequestBytes: 304 * MB });
  });

  it("refuses a declared 50 MB body without reading it", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += MB;
        controller.enqueue(new Uint8Array(MB));
        if (pulled >= 50 * MB) controller.close();
      },
    });
    const request = new Request("http://localhost/x", {
      method: "POST",
      body,
      headers: { "content-type": "multipart/form-data; boundary=abc", "content-length": String(50 * MB) },
      duplex: "half",
    } as RequestInit);
    const parsed = await parseMultipartWithPhotos(request, { ...PHOTO_LIMITS, maxRequestBytes: 10 * MB });
    expect(parsed.refused).toBe(true);
    expect(parsed.errors[0]).toMatch(/^Erro ao enviar imagem: o envio passa do limite de 10 MB/);
    expect(pulled).toBeLessThanOrEqual(2 * MB); // a stream pre-pulls a chunk or so, never the body
  });

  it("cuts off an undeclared 50 MB body once it passes the limit", async () => {
    let pulled = 0;
    const encoder = new TextEncoder();
    const head = encoder.encode('--abc\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        pulled += MB;
        controller.enqueue(new Uint8Array(MB));
        if (pulled >= 50 * MB) controller.close();
      },
    });
    const request = new Request("http://localhost/x", { method: "POST", body, headers: { "content-type": "multipart/form-data; boundary=abc" }, duplex: "half" } as RequestInit);
    const parsed = await parseMultipartWithPhotos(request, { ...PHOTO_LIMITS, maxRequestBytes: 5 * MB });
    expect(parsed.refused).toBe(true);
    expect(parsed.files).toEqual([]);
    expect(pulled).toBeLessThan(10 * MB);
    const left = await fsp.readdir(path.join(process.env.DATA_DIR!, "tmp"));
    expect(left.filter((n) => n.startsWith("upload-"))).toEqual([]);
  });

  it("returns the fields of a urlencoded post with no files", async () => {
    const request = new Request("http://localhost/x", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "title=Apartamento&city=S%C3%A3o+Paulo",
    });
    const parsed = await parseMultipartWithPhotos(request);
    expect(parsed.formData.get("city")).toBe("São Paulo");
    expect(parsed.files).toEqual([]);
  });
});

/** Grey or white (no colour of the red test logo): the photo, maybe darkened by the halo. */
function neutral(px: number[]): boolean {
  return Math.abs(px[0] - px[1]) <= 6 && Math.abs(px[1] - px[2]) <= 6;
}

describe("applyWatermark", () => {
  // a white 1000×800 photo and an opaque red 2:1 logo make the placement easy to read
  const photoP = solidImage("png", 1000, 800, { r: 255, g: 255, b: 255 });
  const logoP = sharp({ create: { width: 400, height: 200, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();

  it("puts the logo at each position, sized as a % of the width, with a 2% margin", async () => {
    const photo = await photoP;
    const logo = await logoP;
    // 20% of 1000 = 200×100 logo; margin 2% of 1000 = 20
    const cases = {
      "bottom-right": { inside: [790, 690], outside: [[985, 690], [790, 785], [775, 690]] },
      "bottom-left": { inside: [25, 775], outside: [[15, 775], [25, 785], [225, 775]] },
      "top-right": { inside: [975, 25], outside: [[985, 25], [975, 15], [775, 25]] },
      "top-left": { inside: [25, 25], outside: [[15, 25], [25, 15], [225, 25], [25, 125]] },
      center: { inside: [500, 400], outside: [[395, 400], [605, 400], [500, 345], [500, 455]] },
    } as const;
    for (const [position, { inside, outside }] of Object.entries(cases)) {
      const out = await applyWatermark(photo, { logo, position: position as keyof typeof cases, opacity: 1, sizePercent: 20 });
      expect(near(await pixelAt(out, inside[0], inside[1]), [255, 0, 0]), `${position} inside`).toBe(true);
      // outside the mark: the photo, at most greyed by the mark's soft halo
      for (const [x, y] of outside) expect(neutral(await pixelAt(out, x, y)), `${position} outside ${x},${y}`).toBe(true);
    }
    // exact edges of the bottom-right box: x 780..979, y 680..779
    const out = await applyWatermark(photo, { logo, position: "bottom-right", opacity: 1, sizePercent: 20 });
    expect(near(await pixelAt(out, 780, 680), [255, 0, 0])).toBe(true);
    expect(near(await pixelAt(out, 979, 779), [255, 0, 0])).toBe(true);
    expect(neutral(await pixelAt(out, 779, 680))).toBe(true);
    expect(neutral(await pixelAt(out, 980, 779))).toBe(true);
    expect(neutral(await pixelAt(out, 979, 780))).toBe(true);
  });

  it("scales the logo with sizePercent, clamped to 10–50", async () => {
    const photo = await photoP;
    const logo = await logoP;
    const big = await applyWatermark(photo, { logo, position: "top-left", opacity: 1, sizePercent: 50 });
    expect(near(await pixelAt(big, 519, 20), [255, 0, 0])).toBe(true); // 20 + 500 − 1
    expect(neutral(await pixelAt(big, 521, 20))).toBe(true);
    const clamped = await applyWatermark(photo, { logo, position: "top-left", opacity: 1, sizePercent: 90 });
    expect(neutral(await pixelAt(clamped, 521, 20))).toBe(true);
  });

  it("multiplies the logo's alpha by the opacity", async () => {
    const photo = await photoP;
    const logo = await logoP;
    const half = await applyWatermark(photo, { logo, position: "center", opacity: 0.5, sizePercent: 25 });
    // red at alpha 0.5 over white: (255, 128, 128)
    expect(near(await pixelAt(half, 500, 400), [255, 128, 128], 3)).toBe(true);
    const none = await applyWatermark(photo, { logo, position: "center", opacity: 0, sizePercent: 25 });
    expect(near(await pixelAt(none, 500, 400), [255, 255, 255], 1)).toBe(true);
  });

  it("gives a white mark a soft dark halo so it stays visible on a white photo (issue 7 item 6)", async () => {
    const photo = await photoP;
    const white = await sharp({ create: { width: 400, height: 200, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } }).png().toBuffer();
    // the broker's forced spec: centre, 50%, 25% → a 250×125 mark at (375, 338)
    const out = await applyWatermark(photo, { logo: white, position: "center", opacity: 0.5, sizePercent: 25 });
    const edge = await pixelAt(out, 372, 400); // just left of the mark
    expect(neutral(edge)).toBe(true);
    expect(edge[0]).toBeLessThan(235);
    expect(near(await pixelAt(out, 500, 400), [255, 255, 255], 1)).toBe(true); // the mark itself
    expect(near(await pixelAt(out, 100, 100), [255, 255, 255], 1)).toBe(true); // far away: the photo
  });

  it("keeps the original type and fits a tall logo on a wide, short photo", async () => {
    const photo = await solidImage("jpeg", 1200, 200, { r: 255, g: 255, b: 255 });
    const tall = await sharp({ create: { width: 100, height: 400, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 1 } } }).png().toBuffer();
    const out = await applyWatermark(photo, { logo: tall, position: "bottom-right", opacity: 1, sizePercent: 50 });
    const meta = await sharp(out).metadata();
    expect(meta.format).toBe("jpeg");
    expect([meta.width, meta.height]).toEqual([1200, 200]);
  });

  it("handles greyscale, CMYK and 16-bit photos", async () => {
    const logo = await logoP;
    const base = () => sharp({ create: { width: 500, height: 400, channels: 3, background: { r: 255, g: 255, b: 255 } } });
    const inputs = {
      grey: await base().greyscale().jpeg().toBuffer(),
      cmyk: await base().toColourspace("cmyk").jpeg().toBuffer(),
      deep: await base().png().toColourspace("rgb16").toBuffer(),
    };
    for (const [name, input] of Object.entries(inputs)) {
      const out = await applyWatermark(input, { logo, position: "top-left", opacity: 1, sizePercent: 20 });
      expect(near(await pixelAt(out, 40, 20), [255, 0, 0], 20), `${name} logo`).toBe(true);
      expect(near(await pixelAt(out, 400, 300), [255, 255, 255], 8), `${name} photo`).toBe(true);
    }
  });

  it("places the logo on the upright image of a rotated phone photo", async () => {
    // stored 800×600 with EXIF orientation 6: shown as 600×800
    const stored = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 255, g: 255, b: 255 } } })
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const logo = await logoP;
    const out = await applyWatermark(stored, { logo, position: "bottom-right", opacity: 1, sizePercent: 20 });
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([600, 800]);
    // 120×60 logo, margin 12: x 468..587, y 728..787
    expect(near(await pixelAt(out, 530, 760), [255, 0, 0], 12)).toBe(true);
  });
});

describe("watermark library and spec", () => {
  it("creates the project logo lazily and lists it", async () => {
    const list = await listWatermarks();
    expect(list.map((w) => w.url)).toContain(PROJECT_LOGO_URL);
    const logo = await loadWatermarkLogo(BROKER_FORCED_WATERMARK);
    const meta = await sharp(logo).metadata();
    expect(meta.format).toBe("png");
    expect(meta.hasAlpha).toBe(true);
  });

  it("forces the broker spec whatever is posted", async () => {
    const form = new FormData();
    form.set(WATERMARK_FIELDS.logoUrl, "/uploads/imoveis/watermarks/outra.png");
    form.set(WATERMARK_FIELDS.position, "top-left");
    form.set(WATERMARK_FIELDS.opacity, "1");
    form.set(WATERMARK_FIELDS.sizePercent, "50");
    expect(parseWatermarkSpec(form, "broker")).toEqual({ logoUrl: PROJECT_LOGO_URL, position: "center", opacity: 0.5, sizePercent: 25 });
    expect(parseWatermarkSpec(new FormData(), "broker")).toEqual(BROKER_FORCED_WATERMARK);
  });

  it("validates the admin's choice: library logo only, clamped numbers, known position", async () => {
    await listWatermarks();
    const form = new FormData();
    form.set(WATERMARK_FIELDS.logoUrl, PROJECT_LOGO_URL);
    form.set(WATERMARK_FIELDS.position, "middle");
    form.set(WATERMARK_FIELDS.opacity, "5");
    form.set(WATERMARK_FIELDS.sizePercent, "80");
    expect(parseWatermarkSpec(form, "admin")).toEqual({ logoUrl: PROJECT_LOGO_URL, position: "bottom-right", opacity: 1, sizePercent: 50 });
    form.set(WATERMARK_FIELDS.position, "top-right");
    form.set(WATERMARK_FIELDS.opacity, "0,3");
    form.set(WATERMARK_FIELDS.sizePercent, "2");
    expect(parseWatermarkSpec(form, "admin")).toEqual({ logoUrl: PROJECT_LOGO_URL, position: "top-right", opacity: 0.3, sizePercent: 10 });
    for (const bad of ["", "/uploads/imoveis/watermarks/nao-existe.png", "/uploads/imoveis/casa-1/foto.jpg", "https://example.com/logo.png", "/uploads/imoveis/watermarks/../x.png"]) {
      form.set(WATERMARK_FIELDS.logoUrl, bad);
      expect(parseWatermarkSpec(form, "admin"), bad).toBeNull();
    }
  });

  it("keeps an uploaded WebP logo in the library (stored as PNG)", async () => {
    const webp = await sharp({ create: { width: 40, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).webp().toBuffer();
    const saved = await saveWatermarkLogo(await tempFile("logo.webp", webp));
    if (!("url" in saved)) throw new Error(saved.error);
    expect(saved.url).toMatch(/\.png$/);
    expect((await listWatermarks()).map((w) => w.url)).toContain(saved.url);
    expect((await sharp(resolveKey(keyFromUrl(saved.url)!)).metadata()).hasAlpha).toBe(true);
  });

  it("refuses a watermark upload that is not an image", async () => {
    const result = await saveWatermarkLogo(await tempFile("logo.png", Buffer.from("<svg>não</svg>")));
    expect(result).toEqual({ error: "Erro ao enviar marca d'água: arquivo não é uma imagem válida" });
  });

  it("lists at most 100 logos, newest first", async () => {
    const png = await solidImage("png", 4, 4);
    for (let i = 0; i < 105; i++) await putFile(`imoveis/watermarks/watermark-${1700000000000 + i}-${i.toString(16).padStart(6, "0")}.png`, png);
    const newest = `imoveis/watermarks/watermark-1800000000000-ffffff.png`;
    await putFile(newest, png);
    // a minute newer than the newest of the others, whatever the machine's clock says
    const others = await fsp.readdir(resolveKey("imoveis/watermarks"));
    const latest = Math.max(...(await Promise.all(others.map(async (f) => (await fsp.stat(resolveKey(`imoveis/watermarks/${f}`))).mtimeMs))));
    const future = new Date(latest + 60_000);
    await fsp.utimes(resolveKey(newest), future, future);
    const list = await listWatermarks();
    expect(list).toHaveLength(100);
    expect(list[0].url).toBe(`/uploads/${newest}`);
  });
});

describe("moving and deleting photos", () => {
  it("moves originals and variants from the draft folder to the final folder", async () => {
    const draft = draftFolderName();
    const { urls } = await storeUploadedPhotos([await tempFile("a.jpg", await solidImage("jpeg")), await tempFile("b.png", await solidImage("png"))], {
      folder: draft,
      watermark: null,
    });
    const moved = await movePhotosToFolder([...urls, "https://cdn.example.com/x.jpg"], "imoveis/casa-com-quintal-42");
    expect(moved).toHaveLength(3);
    expect(moved[2]).toBe("https://cdn.example.com/x.jpg");
    for (const [i, url] of moved.slice(0, 2).entries()) {
      const key = keyFromUrl(url)!;
      expect(key).toBe(`imoveis/casa-com-quintal-42/${path.basename(keyFromUrl(urls[i])!)}`);
      expect(await fileExists(key)).toBe(true);
      for (const v of variantKeys(key)) expect(await fileExists(v)).toBe(true);
      const old = keyFromUrl(urls[i])!;
      expect(await fileExists(old)).toBe(false);
      for (const v of variantKeys(old)) expect(await fileExists(v)).toBe(false);
    }
    // already in place: unchanged
    expect(await movePhotosToFolder(moved.slice(0, 1), "imoveis/casa-com-quintal-42")).toEqual(moved.slice(0, 1));
  });

  it("deletes photos with their variants and refuses keys outside imoveis/", async () => {
    const { urls } = await storeUploadedPhotos([await tempFile("a.jpg", await solidImage("jpeg"))], { folder: "imoveis/apagar-1", watermark: null });
    await putFile("outra/segredo.txt", Buffer.from("x"));
    await listWatermarks();
    const result = await deletePhotos([urls[0], "/uploads/outra/segredo.txt", PROJECT_LOGO_URL, "/uploads/imoveis/../outra/segredo.txt", "/etc/passwd"]);
    expect(result.deleted).toEqual([urls[0]]);
    expect(result.refused).toHaveLength(4);
    const key = keyFromUrl(urls[0])!;
    expect(await fileExists(key)).toBe(false);
    for (const v of variantKeys(key)) expect(await fileExists(v)).toBe(false);
    expect(await fileExists("outra/segredo.txt")).toBe(true);
    expect(await fileExists(keyFromUrl(PROJECT_LOGO_URL)!)).toBe(true);
  });

  it("purges draft folders untouched for longer than the given age", async () => {
    const stale = draftFolderName();
    const fresh = draftFolderName();
    await putFile(`${stale}/a.jpg`, Buffer.from("x"));
    await putFile(`${fresh}/a.jpg`, Buffer.from("x"));
    // a fixed clock: 25 h and 23 h before `now`, on either side of the one-day age
    const now = new Date("2026-11-23T12:00:00.000Z");
    const ago = (hours: number) => new Date(now.getTime() - hours * 3600 * 1000);
    for (const [folder, at] of [[stale, ago(25)], [fresh, ago(23)]] as const) {
      await fsp.utimes(resolveKey(`${folder}/a.jpg`), at, at);
      await fsp.utimes(resolveKey(folder), at, at);
    }
    expect(await purgeStaleDrafts(24 * 3600 * 1000, now)).toBeGreaterThanOrEqual(1);
    expect(await fileExists(`${stale}/a.jpg`)).toBe(false);
    expect(await fileExists(`${fresh}/a.jpg`)).toBe(true);
  });
});
