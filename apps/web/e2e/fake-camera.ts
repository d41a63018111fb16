import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`): a card's bottom-right corner as it
 * prints its number and rarity (bold condensed type, light on the dark frame, as bench/scan.ts draws it), centred
 * where the scanner's guide box is, as a Y4M (raw 4:2:0 frames) of a few identical frames that Chromium loops.
 */
const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 5;

export async function cornerVideo(cardNumber: string, rarity: string): Promise<string> {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#26221f"/><rect x="40" y="170" width="560" height="140" rx="10" fill="#1c1a1a"/><text x="320" y="262" text-anchor="middle" font-family="Liberation Sans Narrow, DejaVu Sans Condensed, sans-serif" font-weight="700" font-size="64" fill="#f6f1e7">${escape(cardNumber)}  ${escape(rarity)}</text></svg>`;
  const rgb = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  // BT.601 full range (C420jpeg): Y for every pixel, U and V for every 2 × 2 block.
  const y = Buffer.alloc(WIDTH * HEIGHT);
  const u = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const v = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  for (let row = 0; row < HEIGHT; row++) {
    for (let col = 0; col < WIDTH; col++) {
      const i = (row * WIDTH + col) * 3;
      const [r, g, b] = [rgb[i]!, rgb[i + 1]!, rgb[i + 2]!];
      y[row * WIDTH + col] = clamp(0.299 * r + 0.587 * g + 0.114 * b);
      if (row % 2 === 0 && col % 2 === 0) {
        const c = (row / 2) * (WIDTH / 2) + col / 2;
        u[c] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
        v[c] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
      }
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-camera-')), 'corner.y4m');
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array<Buffer>(FRAMES).fill(frame)]));
  return file;
}
