import { inflateSync } from 'node:zlib';

/** A decoded PNG: 8-bit samples, `channels` per pixel, row after row. */
export interface Png {
  width: number;
  height: number;
  channels: number;
  pixels: Buffer;
}

const channelsOf: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Decodes an 8-bit, non-interlaced greyscale or RGB(A) PNG (what Chromium's screenshots are). */
export function decodePng(file: Buffer): Png {
  if (file.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  for (let at = 8; at < file.length;) {
    const length = file.readUInt32BE(at);
    const type = file.subarray(at + 4, at + 8).toString('latin1');
    const body = file.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8] as number;
      channels = channelsOf[body[9] as number] ?? 0;
      if (depth !== 8 || !channels || body[12] !== 0)
        throw new Error('only 8-bit, non-interlaced, non-palette PNGs');
    } else if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)] as number;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? (pixels[y * stride + x - channels] as number) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + x] as number) : 0;
      const corner = y > 0 && x >= channels ? (pixels[(y - 1) * stride + x - channels] as number) : 0;
      const value = line[x] as number;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, corner)][filter];
      if (predicted === undefined) throw new Error(`unknown PNG filter ${filter}`);
      pixels[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

/** The share of pixels darker than light grey, and how many distinct colours the image has. */
export function inkOf(png: Png): { dark: number; colours: number } {
  let dark = 0;
  const colours = new Set<number>();
  for (let i = 0; i < png.pixels.length; i += png.channels) {
    const [r = 0, g = r, b = r] =
      png.channels >= 3 ? png.pixels.subarray(i, i + 3) : [png.pixels[i] as number];
    colours.add((r << 16) | (g << 8) | b);
    if (r + g + b < 3 * 200) dark++;
  }
  return { dark: dark / (png.width * png.height), colours: colours.size };
}
