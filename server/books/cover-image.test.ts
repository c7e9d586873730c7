import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { COVER_IMAGE_ERROR, COVER_LIMITS } from "#common/books/cover-limits.ts";
import { encodeCoverImage } from "./cover-image.ts";

function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#3a6ea5" } });
}

function noise(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } },
  });
}

describe("encodeCoverImage", () => {
  async function expectRefused(bytes: Uint8Array, message = COVER_IMAGE_ERROR) {
    await expect(encodeCoverImage(bytes)).rejects.toMatchObject({ code: "VALIDATION", message });
  }

  it("turns a PNG into a WebP fitted inside 800 px", async () => {
    const stored = await sharp(await encodeCoverImage(await solid(1200, 900).png().toBuffer())).metadata();
    expect(stored).toMatchObject({ format: "webp", width: 800, height: 600 });
  });

  it("strips metadata from a JPEG and turns it upright", async () => {
    const jpeg = await solid(600, 300)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "x" } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const stored = await sharp(await encodeCoverImage(jpeg)).metadata();
    expect(stored).toMatchObject({ format: "webp", width: 300, height: 600 });
    expect(stored.exif).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
  });

  it("fits large images inside 800 px and never enlarges small ones", async () => {
    const wide = await sharp(await encodeCoverImage(await solid(3000, 2000).jpeg().toBuffer())).metadata();
    expect(wide).toMatchObject({ width: 800, height: 533 });
    const tall = await sharp(await encodeCoverImage(await solid(1000, 4000).png().toBuffer())).metadata();
    expect(tall).toMatchObject({ width: 200, height: 800 });
    const small = await sharp(await encodeCoverImage(await solid(120, 90).png().toBuffer())).metadata();
    expect(small).toMatchObject({ width: 120, height: 90 });
  });

  it("accepts WebP and AVIF, and keeps transparency", async () => {
    for (const format of ["webp", "avif"] as const) {
      const input = await sharp({
        create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
      })
        .toFormat(format)
        .toBuffer();
      const output = await sharp(await encodeCoverImage(input)).metadata();
      expect(output).toMatchObject({ format: "webp", width: 300, height: 200, hasAlpha: true });
    }
  });

  it("keeps every stored cover within 1 MB, lowering the quality when needed", async () => {
    const photo = await noise(800, 800).png().toBuffer();
    const atFirstQuality = await encodeCoverImage(photo);
    expect(atFirstQuality.byteLength).toBeLessThanOrEqual(COVER_LIMITS.maxOutputBytes);
    const limit = Math.floor(atFirstQuality.byteLength * 0.8);
    const squeezed = await encodeCoverImage(photo, { ...COVER_LIMITS, maxOutputBytes: limit });
    expect(squeezed.byteLength).toBeLessThanOrEqual(limit);
    expect(await sharp(squeezed).metadata()).toMatchObject({ format: "webp", width: 800 });
    await expect(encodeCoverImage(photo, { ...COVER_LIMITS, maxOutputBytes: 1000 })).rejects.toMatchObject({
      message: COVER_IMAGE_ERROR,
    });
  });

  it("refuses a text file named .png, by its content", async () => {
    await expectRefused(Buffer.from("this is not an image, whatever its name says\n"));
    await expectRefused(new Uint8Array());
  });

  it("refuses a truncated or corrupt PNG", async () => {
    const png = await noise(400, 400).png().toBuffer();
    await expectRefused(png.subarray(0, Math.floor(png.length / 2)));
    const corrupt = Buffer.from(png);
    corrupt.fill(0x55, 200, 4000);
    await expectRefused(corrupt);
  });

  it("refuses GIF, SVG, TIFF and HEIC-style formats", async () => {
    await expectRefused(await solid(50, 50).gif().toBuffer());
    await expectRefused(await solid(50, 50).tiff().toBuffer());
    await expectRefused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'));
  });

  it("refuses files over 10 MB before reading them", async () => {
    const png = await solid(100, 100).png().toBuffer();
    const big = Buffer.alloc(11 * 1024 * 1024);
    png.copy(big);
    await expectRefused(big, "The image is too large. Please choose a file of at most 10 MB.");
  });

  it("refuses images over 40 megapixels", async () => {
    const huge = await solid(8000, 6000).jpeg({ quality: 50 }).toBuffer();
    expect(huge.byteLength).toBeLessThan(COVER_LIMITS.maxUploadBytes);
    await expectRefused(huge, "The image is too large. Please choose one of at most 40 megapixels.");
  });
});
