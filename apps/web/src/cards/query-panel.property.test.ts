import { CARD_ATTRIBUTES, CARD_BLOCKS, CARD_COLORS, CARD_RARITIES, CARD_TYPES } from '@grandline/core/games';
import { matches, type SearchContext } from '@grandline/core/search/evaluate';
import { REAL_PRINTS, type RealPrint } from '@grandline/core/search/fixtures/real-catalogue';
import { parseQuery } from '@grandline/core/search/parse';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { panelOf, withPanel, type PanelState } from './query-panel';

/**
 * A filter-panel form and the query the panel writes for it select the same prints of the real catalogue (core's
 * fixture): the form read as the structured filters always meant it (any of the chosen colors, types, rarities…;
 * ranges inclusive; counter 0 is "no counter"; a type chosen whole), the query by core's `matches`.
 */
const SAMPLE = REAL_PRINTS.filter((_, i) => i % 4 === 0);
const price = (p: RealPrint) => (p.cost === null ? null : p.cost * 0.75);
const ctx: SearchContext<RealPrint> = { price };

const SUBTYPES = ['Straw Hat Crew', 'Navy', 'Animal Kingdom Pirates', 'Whitebeard Pirates', 'Supernovas'];
const SETS = ['op01', 'op-05', 'ST10', 'prb01', 'eb01', 'op14'];
const compact = (s: string) => s.replaceAll('-', '').toLowerCase();

/** The product's code, or a part of a combined product's (OP-14-EB04 is also OP-14 and EB-04). */
function setMatches(code: string | null, wanted: string): boolean {
  if (!code) return false;
  const [a, b, extra] = code.split('-');
  return [code, `${a}${b}`, extra ?? ''].some((c) => c && compact(c) === compact(wanted));
}

function plain(form: PanelState, p: RealPrint): boolean {
  const within = (v: number | null, min?: number, max?: number) =>
    (min === undefined && max === undefined) || (v !== null && (min === undefined || v >= min) && (max === undefined || v <= max));
  const counterOk = (c: string) => (c === '0' ? p.counter === null || p.counter === 0 : p.counter === Number(c));
  return (
    (!form.color?.length || form.color.some((c) => p.colors.includes(c))) &&
    (!form.type?.length || form.type.includes(p.cardType)) &&
    (!form.rarity?.length || form.rarity.includes(p.rarity)) &&
    (!form.attribute?.length || form.attribute.some((a) => p.attributes.includes(a))) &&
    (!form.counter?.length || form.counter.some(counterOk)) &&
    (!form.block?.length || form.block.includes(p.blockIcon ?? '')) &&
    within(p.cost, form.costMin, form.costMax) &&
    within(p.power, form.powerMin, form.powerMax) &&
    within(price(p), form.priceMin, form.priceMax) &&
    (form.set === undefined || setMatches(p.set?.code ?? null, form.set)) &&
    (form.subtype === undefined || p.subtypes.some((s) => s.toLowerCase() === form.subtype!.toLowerCase())) &&
    (form.variations !== false || !p.isVariation)
  );
}

const list = <T extends string>(values: readonly T[]) => fc.option(fc.subarray([...values], { minLength: 1, maxLength: 3 }), { nil: undefined });
const bound = (values: number[]) => fc.option(fc.constantFrom(...values), { nil: undefined });
const form: fc.Arbitrary<PanelState> = fc
  .record({
    color: list(CARD_COLORS),
    type: list(CARD_TYPES),
    rarity: list(CARD_RARITIES),
    attribute: list(CARD_ATTRIBUTES),
    counter: list(['0', '1000', '2000'] as const),
    block: list(CARD_BLOCKS),
    costMin: bound([0, 2, 4]),
    costMax: bound([3, 5, 10]),
    powerMin: bound([0, 3000, 5000]),
    powerMax: bound([4000, 6000, 12000]),
    priceMin: bound([0.5, 1.5]),
    priceMax: bound([2.25, 4]),
    set: fc.option(fc.constantFrom(...SETS), { nil: undefined }),
    subtype: fc.option(fc.constantFrom(...SUBTYPES), { nil: undefined }),
    variations: fc.option(fc.constant(false as const), { nil: undefined }),
  })
  .map((f) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as PanelState);

describe('the filter panel: a form and its query select the same prints', () => {
  it('over the real catalogue, for any form (and the query reads back as the form)', () => {
    fc.assert(
      fc.property(form, (f) => {
        const q = withPanel('', f);
        expect(panelOf(q)).toEqual(f);
        if (!q) return;
        const ast = parseQuery(q);
        for (const p of SAMPLE) expect(matches(ast, p, ctx), `${q} on ${p.cardNumber} ${p.imageName}`).toBe(plain(f, p));
      }),
      { numRuns: 150 },
    );
  });

  it('each chip alone selects what its filter did (every value, on every print)', () => {
    const single: PanelState[] = [
      ...CARD_COLORS.map((c) => ({ color: [c] })),
      ...CARD_TYPES.map((t) => ({ type: [t] })),
      ...CARD_RARITIES.map((r) => ({ rarity: [r] })),
      ...CARD_ATTRIBUTES.map((a) => ({ attribute: [a] })),
      ...CARD_BLOCKS.map((b) => ({ block: [b] })),
      ...['0', '1000', '2000'].map((c) => ({ counter: [c] })),
      ...SUBTYPES.map((subtype) => ({ subtype })),
    ];
    for (const f of single) {
      const ast = parseQuery(withPanel('', f));
      const differing = REAL_PRINTS.filter((p) => matches(ast, p, ctx) !== plain(f, p));
      expect(differing.map((p) => p.imageName).slice(0, 5), JSON.stringify(f)).toEqual([]);
      expect(REAL_PRINTS.some((p) => plain(f, p)), JSON.stringify(f)).toBe(true);
    }
  });
});
