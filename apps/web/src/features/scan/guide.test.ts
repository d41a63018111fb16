import { describe, expect, it } from 'vitest';
import { GUIDE_RATIO, GUIDE_WIDTH, guideCrop } from './guide';

describe('guide crop', () => {
  it('is the centred guide region when the element shows the whole frame', () => {
    const crop = guideCrop(640, 480, 640, 480)!;
    expect(crop.sw).toBeCloseTo(640 * GUIDE_WIDTH);
    expect(crop.sh).toBeCloseTo((640 * GUIDE_WIDTH) / GUIDE_RATIO);
    expect(crop.sx).toBeCloseTo(64);
    expect(crop.sy + crop.sh / 2).toBeCloseTo(240);
  });

  it('scales from the element to the video (a 1280 × 960 frame shown at 320 × 240)', () => {
    const crop = guideCrop(1280, 960, 320, 240)!;
    expect(crop.sw).toBeCloseTo(1280 * GUIDE_WIDTH);
    expect(crop.sx).toBeCloseTo(128);
  });

  it('accounts for the part of the frame object-fit: cover cuts off (a wide frame in a square element)', () => {
    // 1280 × 720 in 400 × 400: scaled by 400/720, 311 px cut off each side; the guide (320 px wide) is 711 video px.
    const crop = guideCrop(1280, 720, 400, 400)!;
    const scale = 400 / 720;
    expect(crop.sw).toBeCloseTo(320 / scale);
    expect(crop.sx + crop.sw / 2).toBeCloseTo(640);
    expect(crop.sy + crop.sh / 2).toBeCloseTo(360);
  });

  it('stays inside the frame, and is null before the video has a size', () => {
    const crop = guideCrop(100, 1000, 1000, 100)!;
    expect(crop.sx).toBeGreaterThanOrEqual(0);
    expect(crop.sy).toBeGreaterThanOrEqual(0);
    expect(crop.sx + crop.sw).toBeLessThanOrEqual(100);
    expect(crop.sy + crop.sh).toBeLessThanOrEqual(1000);
    expect(guideCrop(0, 0, 640, 480)).toBeNull();
  });
});
