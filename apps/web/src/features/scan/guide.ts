/**
 * The guide box over the camera's picture, where the user puts the card number printed at the card's bottom right
 * (number and rarity: a line about five times as wide as it is tall). The page draws it from these fractions and the
 * reader crops the same region out of the video frame.
 */

/** The guide's width as a share of the picture's, and its width-to-height ratio. */
export const GUIDE_WIDTH = 0.8;
export const GUIDE_RATIO = 4.5;

export interface Crop {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

/**
 * The guide's region in the video's own pixels, for a video of `videoW` × `videoH` shown in an element of
 * `elementW` × `elementH` with `object-fit: cover` (scaled to fill, centred, the overflow cut off). Kept inside the
 * frame. Null while the video has no size yet.
 */
export function guideCrop(videoW: number, videoH: number, elementW: number, elementH: number): Crop | null {
  if (videoW <= 0 || videoH <= 0 || elementW <= 0 || elementH <= 0) return null;
  const scale = Math.max(elementW / videoW, elementH / videoH);
  const offsetX = (elementW - videoW * scale) / 2;
  const offsetY = (elementH - videoH * scale) / 2;
  const gw = elementW * GUIDE_WIDTH;
  const gh = gw / GUIDE_RATIO;
  const gx = (elementW - gw) / 2;
  const gy = (elementH - gh) / 2;
  const sx = Math.max(0, (gx - offsetX) / scale);
  const sy = Math.max(0, (gy - offsetY) / scale);
  const sw = Math.min(videoW - sx, gw / scale);
  const sh = Math.min(videoH - sy, gh / scale);
  return { sx, sy, sw, sh };
}
