/**
 * The web app manifest, one per language (its start page, name direction and description in that
 * language), and its icons drawn as PNGs at build time: a gold coin on the brand's navy, 192 and 512
 * px, and a maskable 512 px whose coin stays inside the safe zone (the inner 80%). No image library:
 * a PNG is an RGBA raster deflated with a CRC per chunk.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { LANGUAGES, RTL_LANGUAGES, type LanguageCode } from '../domain/client-config.js';

/** The palette of web/src/styles.css (--brand, --accent, --bg). */
export const THEME = { brand: '#14213d', accent: '#f2a900', background: '#f5f6fa' } as const;

export const manifestPath = (lang: LanguageCode) => `/manifest-${lang}.webmanifest`;

export const ICONS = [
  { src: '/icons/icon-192.png', size: 192, purpose: 'any' },
  { src: '/icons/icon-512.png', size: 512, purpose: 'any' },
  { src: '/icons/maskable-512.png', size: 512, purpose: 'maskable' },
] as const;

const rgb = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** RGBA pixels (row by row) as a PNG file. */
export function png(size: number, pixels: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, no interlace
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) Buffer.from(pixels.buffer, pixels.byteOffset + y * size * 4, size * 4).copy(rows, y * (size * 4 + 1) + 1);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * The coin: a gold disc with a navy ring inside, on navy (`fullBleed`, the maskable icon) or on a
 * navy rounded square. `coin` is the disc's radius as a share of the side. 4x4 samples per pixel.
 */
function drawIcon(size: number, coin: number, fullBleed: boolean): Uint8Array {
  const [brand, accent] = [rgb(THEME.brand), rgb(THEME.accent)];
  const out = new Uint8Array(size * size * 4);
  const c = size / 2;
  const corner = size * 0.18;
  const inSquare = (x: number, y: number) => {
    if (fullBleed) return true;
    const dx = Math.max(corner - x, 0, x - (size - corner));
    const dy = Math.max(corner - y, 0, y - (size - corner));
    return dx * dx + dy * dy <= corner * corner;
  };
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let cover = 0;
      let gold = 0;
      for (let s = 0; s < 16; s++) {
        const x = px + ((s % 4) + 0.5) / 4;
        const y = py + (Math.floor(s / 4) + 0.5) / 4;
        if (!inSquare(x, y)) continue;
        cover++;
        const r = Math.hypot(x - c, y - c) / size;
        if (r <= coin && !(r > coin * 0.68 && r < coin * 0.8)) gold++;
      }
      const i = (py * size + px) * 4;
      const g = cover ? gold / cover : 0;
      for (let k = 0; k < 3; k++) out[i + k] = Math.round(brand[k] * (1 - g) + accent[k] * g);
      out[i + 3] = Math.round((cover / 16) * 255);
    }
  }
  return out;
}

/** The manifest of one language: installed, the app opens on that language's home page. */
export function manifest(lang: LanguageCode, description: string) {
  return {
    id: '/',
    name: 'CoinMarket',
    short_name: 'CoinMarket',
    description,
    lang,
    dir: RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr',
    start_url: lang === 'en' ? '/' : `/${lang}`,
    scope: '/',
    display: 'standalone',
    theme_color: THEME.brand,
    background_color: THEME.background,
    icons: ICONS.map((i) => ({ src: i.src, sizes: `${i.size}x${i.size}`, type: 'image/png', purpose: i.purpose })),
  };
}

/** Writes the icons and the eight manifests into the built site (`outdir`, served from "/"). */
export async function writeManifests(outdir: string): Promise<void> {
  await mkdir(path.join(outdir, 'icons'), { recursive: true });
  await Promise.all(
    ICONS.map((i) => writeFile(path.join(outdir, i.src), png(i.size, drawIcon(i.size, i.purpose === 'maskable' ? 0.3 : 0.4, i.purpose === 'maskable')))),
  );
  for (const lang of LANGUAGES) {
    const home = (await import(`../web/src/i18n/dict/home/${lang}.ts`)) as { default: { heroTitle: string } };
    await writeFile(path.join(outdir, manifestPath(lang)), JSON.stringify(manifest(lang, home.default.heroTitle), null, 2));
  }
}
