import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cardtraderSetCode, cardtraderTags, parseCardtraderBlueprints, parseCardtraderExpansions, summarizeListings } from './cardtrader';
import { convertCents, FX_SNAPSHOT } from './fx';
import { isCurrencyCode } from '../money/currencies';

/**
 * Samples of fixtures/formats/cardtrader (a copy of the team's shared/data/formats/cardtrader): HAND-WRITTEN from real response shapes captured in a public repository's
 * tests (its README). Real ids: game 15, expansion 3332 "op01", blueprint 244442 Alvida OP01-064 (tcg_player_id
 * 454591), 244177 Romance Dawn Booster Box; prices and sellers illustrative.
 */
const sample = (file: string) => JSON.parse(readFileSync(new URL(`../../../../fixtures/formats/cardtrader/${file}`, import.meta.url), 'utf8')) as unknown;

const eurOnly = { toEurCents: (cents: number, currency: string) => (currency === 'EUR' ? cents : null) };
const romanceDawn = { code: 'op01', name: 'OP-01: Romance Dawn' };

describe('CardTrader expansions', () => {
  it('reads the sample and keeps only One Piece (game 15)', () => {
    expect(parseCardtraderExpansions(sample('expansions.example.json'))).toEqual([{ id: 3332, code: 'op01', name: 'OP-01: Romance Dawn' }]);
    expect(
      parseCardtraderExpansions([
        { id: 1, game_id: 1, code: 'lea', name: 'Alpha' },
        { id: 2, game_id: 15, code: 'st10', name: 'ST-10', extra: true },
        { id: 3, game_id: 15, code: null, name: 'No code' },
        { id: 'x', game_id: 15, code: 'op02', name: 'Bad id' },
        null,
      ]),
    ).toEqual([{ id: 2, code: 'st10', name: 'ST-10' }]);
  });

  it('refuses a document that is not an expansion list', () => {
    expect(() => parseCardtraderExpansions({ expansions: [] })).toThrow(/CardTrader expansions/);
  });

  it('turns expansion codes into catalogue set codes', () => {
    expect(['op01', 'ST10', ' eb02 ', 'prb01', 'op15'].map(cardtraderSetCode)).toEqual(['OP-01', 'ST-10', 'EB-02', 'PRB-01', 'OP-15']);
    expect(['op01jp', 'opp', 'op1', 'op-01', 'pr01', '', null, undefined].map(cardtraderSetCode)).toEqual([null, null, null, null, null, null, null, null]);
  });
});

describe('CardTrader blueprints', () => {
  it('reads the sample: a single with its number and cross ids, a sealed box without a number', () => {
    expect(parseCardtraderBlueprints(sample('blueprints-export.op01.example.json'), romanceDawn)).toEqual([
      {
        productId: '244442',
        name: 'Alvida',
        number: 'OP01-064',
        setCode: 'OP-01',
        setName: 'OP-01: Romance Dawn',
        sealed: false,
        tags: [],
        url: 'https://www.cardtrader.com/cards/244442',
        tcgplayerId: 454591,
        cardmarketIds: [690500],
      },
      {
        productId: '244177',
        name: 'Romance Dawn Booster Box',
        number: null,
        setCode: 'OP-01',
        setName: 'OP-01: Romance Dawn',
        sealed: true,
        tags: [],
        url: 'https://www.cardtrader.com/cards/244177',
        tcgplayerId: 450086,
        cardmarketIds: [],
      },
    ]);
  });

  it('reads version tags, lower-case numbers, nulls and absent keys; skips other games and malformed rows', () => {
    const products = parseCardtraderBlueprints(
      [
        { id: 1, name: 'Luffy', version: 'Parallel', fixed_properties: { collector_number: 'op01-024' }, card_market_ids: null, tcg_player_id: null },
        { id: 2, name: 'Luffy', version: 'Alternate Art', fixed_properties: { collector_number: ' OP01-024 ' } },
        { id: 3, name: 'Shanks', version: 'Box Topper', fixed_properties: { collector_number: 'OP01-120' }, card_market_ids: [1, 'x', -2, 3.5, 4] },
        { id: 4, name: 'Zoro', version: null, fixed_properties: null, tcg_player_id: 'abc' },
        { id: 5, name: 'Zoro', game_id: 1, fixed_properties: { collector_number: 'OP01-025' } },
        { id: -6, name: 'Bad id' },
        { name: 'No id' },
        'junk',
        { id: 7, name: 'Nami', fixed_properties: [], version: 'Parallel - Manga' },
        { id: 1, name: 'Repeated id' },
      ],
    );
    expect(products.map((p) => [p.productId, p.number, p.sealed, p.tags, p.setCode, p.setName, p.tcgplayerId, p.cardmarketIds])).toEqual([
      ['1', 'OP01-024', false, ['parallel'], null, null, null, []],
      ['2', 'OP01-024', false, ['alt-art'], null, null, null, []],
      ['3', 'OP01-120', false, ['box-topper'], null, null, null, [1, 4]],
      ['4', null, true, [], null, null, null, []],
      ['7', null, true, ['parallel', 'manga'], null, null, null, []],
    ]);
  });

  it('maps version words to the matcher tags, marking words it does not model', () => {
    expect(cardtraderTags('')).toEqual([]);
    expect(cardtraderTags(null)).toEqual([]);
    expect(cardtraderTags('SP')).toEqual(['sp']);
    expect(cardtraderTags('SP Card')).toEqual(['sp']);
    expect(cardtraderTags('TR')).toEqual(['tr']);
    expect(cardtraderTags('Manga')).toEqual(['manga']);
    expect(cardtraderTags('Alt Art')).toEqual(['alt-art']);
    expect(cardtraderTags('Box-Topper')).toEqual(['box-topper']);
    expect(cardtraderTags('Parallel (Alternate Art), Parallel')).toEqual(['parallel', 'alt-art']);
    expect(cardtraderTags('Super Parallel')).toEqual(['?super', 'parallel']);
    expect(cardtraderTags('Pre-Release')).toEqual(['?pre', '?release']);
  });

  it('refuses a document that is not a blueprint export', () => {
    expect(() => parseCardtraderBlueprints({ 244442: [] })).toThrow(/CardTrader blueprints/);
  });
});

describe('CardTrader marketplace listings', () => {
  it('summarizes the sample: Near Mint listings only (12 and 25 EUR cents), the Slightly Played one left out', () => {
    expect(summarizeListings(sample('marketplace-products.blueprint_244442.example.json'), eurOnly)).toEqual([
      // (12 + 25) / 2 = 18.5 → 19
      { productId: '244442', currency: 'EUR', min: 12, avg: 19, max: 25 },
    ]);
  });

  it('converts other currencies with the callback and drops what it cannot convert', () => {
    const listing = (cents: unknown, currency: unknown, extra: Record<string, unknown> = {}) => ({
      price_cents: cents,
      price_currency: currency,
      graded: false,
      properties_hash: { condition: 'Near Mint', signed: false, altered: false },
      ...extra,
    });
    const toEurCents = (cents: number, currency: string) => (isCurrencyCode(currency) ? convertCents(cents, currency, 'EUR', FX_SNAPSHOT.rates) : null);
    const prices = summarizeListings(
      {
        '1': [listing(100, 'GBP'), listing(100, 'EUR'), listing(100, 'XXX'), listing(100, 'gbp ')],
        '2': [listing(100, 'CHF')], // no listing left: omitted
        '3': [{ price: { cents: 50, currency: 'EUR' }, properties_hash: { condition: 'Near Mint' } }],
      },
      { toEurCents },
    );
    // 100 GBP cents × 0.907539 / 0.773358 = 117.35 → 117 EUR cents.
    expect(prices).toEqual([
      { productId: '1', currency: 'EUR', min: 100, avg: 111, max: 117 },
      { productId: '3', currency: 'EUR', min: 50, avg: 50, max: 50 },
    ]);
  });

  it('leaves out graded, signed, altered and non-NM listings, bad prices and malformed rows', () => {
    const nm = { condition: 'Near Mint', signed: false, altered: false };
    const prices = summarizeListings(
      {
        '10': [
          { price_cents: 1, price_currency: 'EUR', graded: true, properties_hash: nm },
          { price_cents: 2, price_currency: 'EUR', properties_hash: { ...nm, signed: true } },
          { price_cents: 3, price_currency: 'EUR', properties_hash: { ...nm, altered: 'true' } },
          { price_cents: 4, price_currency: 'EUR', properties_hash: { ...nm, condition: 'Slightly Played' } },
          { price_cents: 5, price_currency: 'EUR', properties_hash: { condition: 'Mint' } },
          { price_cents: -6, price_currency: 'EUR', properties_hash: nm },
          { price_cents: 7.5, price_currency: 'EUR', properties_hash: nm },
          { price_cents: 8, price_currency: null, properties_hash: nm },
          { price_cents: 9, price_currency: 'EUR' },
          null,
          { price_cents: 40, price_currency: 'EUR', graded: null, properties_hash: { condition: 'Near Mint' }, unknown: 1 },
          { price_cents: 41, price_currency: 'EUR', properties_hash: nm },
          { price_cents: 42, price_currency: 'EUR', properties_hash: nm },
        ],
        '11': 'not a list',
        '12': [],
      },
      eurOnly,
    );
    expect(prices).toEqual([{ productId: '10', currency: 'EUR', min: 40, avg: 41, max: 42 }]);
  });

  it('drops converted amounts that are not usable cents', () => {
    const json = { '1': [{ price_cents: 10, price_currency: 'EUR', properties_hash: { condition: 'Near Mint' } }] };
    expect(summarizeListings(json, { toEurCents: () => Number.NaN })).toEqual([]);
    expect(summarizeListings(json, { toEurCents: () => -1 })).toEqual([]);
    expect(summarizeListings(json, { toEurCents: () => 2e9 })).toEqual([]);
    expect(summarizeListings(json, { toEurCents: () => 10.5 })).toEqual([{ productId: '1', currency: 'EUR', min: 11, avg: 11, max: 11 }]);
  });

  it('refuses a document that is not a marketplace answer', () => {
    expect(() => summarizeListings([], eurOnly)).toThrow(/CardTrader marketplace products/);
    expect(() => summarizeListings(null, eurOnly)).toThrow(/CardTrader marketplace products/);
    expect(() => summarizeListings('x', eurOnly)).toThrow(/CardTrader marketplace products/);
  });
});
