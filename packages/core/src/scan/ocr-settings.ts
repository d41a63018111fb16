/**
 * How the scanner's OCR (tesseract.js) reads a card's corner, the same in the browser (/scan) and in the bench that
 * measures it (bench/scan.ts): one line of text, only the characters card numbers are made of (and the space that
 * separates the rarity), so the engine never answers a letter no card number has.
 */
export const OCR_CHARACTERS = 'OPSTEBRCUL0123456789- ';

/** Tesseract's page segmentation mode 7: the image is a single line of text. */
export const OCR_SINGLE_LINE = '7';
