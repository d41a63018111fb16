import { OCR_CHARACTERS, OCR_SINGLE_LINE } from '@grandline/core/scan/ocr-settings';
import type { PSM, Worker as OcrWorker } from 'tesseract.js';

/**
 * The scanner's OCR: tesseract.js in a Web Worker, every file served by us from /ocr/ (copied there at build time from
 * the npm packages: vite.config.ts `ocrAssets`), never a CDN. The worker is made on first use and kept for the page's
 * life; its language data is kept by tesseract.js in IndexedDB, so the 3 MB download happens once.
 */
let worker: Promise<OcrWorker> | null = null;

/** Where the build puts the OCR files (vite.config.ts). */
const OCR_BASE = '/ocr';

async function makeWorker(): Promise<OcrWorker> {
  const { createWorker, OEM } = await import('tesseract.js');
  const w = await createWorker('eng', OEM.LSTM_ONLY, {
    workerPath: `${OCR_BASE}/worker.min.js`,
    // A directory: tesseract.js picks the build this browser runs fastest (relaxed SIMD, SIMD or plain).
    corePath: `${OCR_BASE}/core`,
    langPath: `${OCR_BASE}/lang`,
    // A plain same-origin worker (the CSP allows worker-src 'self', not blob: URLs).
    workerBlobURL: false,
  });
  await w.setParameters({ tessedit_char_whitelist: OCR_CHARACTERS, tessedit_pageseg_mode: OCR_SINGLE_LINE as PSM });
  return w;
}

/** The OCR worker, loading it the first time (rejects when the files cannot be loaded; the next call tries again). */
export function ocrWorker(): Promise<OcrWorker> {
  worker ??= makeWorker().catch((err: unknown) => {
    worker = null;
    throw err;
  });
  return worker;
}

/** The text read in an image of a card's corner. */
export async function readText(image: HTMLCanvasElement): Promise<string> {
  const w = await ocrWorker();
  const { data } = await w.recognize(image);
  return data.text;
}

/** Stops the worker (leaving the page): its memory (tens of MB) is given back. */
export function stopOcr() {
  const current = worker;
  worker = null;
  void current?.then((w) => w.terminate()).catch(() => undefined);
}
