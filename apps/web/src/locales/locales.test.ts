import fs from 'node:fs';
import path from 'node:path';
import { CARD_RARITIES } from '@grandline/core/games';
import { describe, expect, it } from 'vitest';
import { SHARE_KEYS, SHARE_NAMESPACES } from '@/components/share-link-dialog';

const dir = import.meta.dirname;
const srcDir = path.resolve(dir, '..');
const LANGS = ['en', 'pt', 'es'] as const;
const NAMESPACES = fs.readdirSync(path.join(dir, 'en')).map((f) => f.replace(/\.json$/, ''));

type Tree = { [k: string]: string | Tree };
const load = (lang: string, ns: string) => JSON.parse(fs.readFileSync(path.join(dir, lang, `${ns}.json`), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

/** Keys without plural suffixes: "resultCount_one" and "resultCount_other" both become "resultCount". */
const baseKeys = (keys: Iterable<string>) => new Set([...keys].map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')));
const placeholders = (text: string) => new Set([...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]));

describe('translations', () => {
  for (const ns of NAMESPACES) {
    const en = flatten(load('en', ns));
    for (const lang of LANGS.filter((l) => l !== 'en')) {
      it(`${lang}/${ns} has exactly the English keys and placeholders`, () => {
        const other = flatten(load(lang, ns));
        expect([...baseKeys(other.keys())].sort()).toEqual([...baseKeys(en.keys())].sort());
        for (const [key, text] of en) {
          const base = key.replace(/_(one|other)$/, '');
          const translated = other.get(key) ?? other.get(`${base}_other`);
          expect(translated, `${lang}/${ns}:${key}`).toBeTruthy();
          for (const p of placeholders(text)) expect(placeholders(translated!).has(p), `${lang}/${ns}:${key} {{${p}}}`).toBe(true);
        }
      });
      it(`${lang}/${ns} has every plural form its language needs`, () => {
        const other = flatten(load(lang, ns));
        const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
        const plurals = [...en.keys()].filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -'_other'.length));
        for (const base of plurals) for (const form of forms) expect(other.has(`${base}_${form}`), `${lang}/${ns}:${base}_${form}`).toBe(true);
      });
      it(`${lang}/${ns} says "0 cards" with the plural where its CLDR rule calls 0 "one"`, () => {
        if (new Intl.PluralRules(lang).select(0) !== 'one') return;
        const other = flatten(load(lang, ns));
        const plurals = [...other.keys()].filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -'_other'.length));
        for (const base of plurals) expect(other.get(`${base}_zero`), `${lang}/${ns}:${base}_zero`).toBe(other.get(`${base}_other`));
      });
    }
  }

  it('writes every count with the interface language\'s grouping: "{{count, number}}" ("1,000" / "1.000"), never a bare "{{count}}"', () => {
    // Placeholders that carry a count or a figure that can reach the thousands (a binder holds 2,500 copies, a price
    // file has 100,000 lines); "{{x, number}}" writes a number as lib/format's formatNumber does, a string as it is.
    const COUNTS = ['count', 'limit', 'total', 'shown', 'page', 'pages', 'current', 'max', 'used', 'length', 'size', 'copies', 'cards', 'owned', 'line', 'rows'];
    const bare: string[] = [];
    for (const lang of LANGS) {
      for (const ns of NAMESPACES) {
        for (const [key, text] of flatten(load(lang, ns))) {
          for (const m of text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) if (COUNTS.includes(m[1]!)) bare.push(`${lang}/${ns}:${key} {{${m[1]}}}`);
        }
      }
    }
    expect(bare).toEqual([]);
  });

  it('groups the thousands of the numbers written in its texts: "up to 1,000 characters" / "até 1.000 caracteres"', () => {
    // A run of four or more digits that is not part of a date, a code or an identifier (2026-04-01, OP01, #1234).
    const ungrouped: string[] = [];
    for (const lang of LANGS) {
      for (const ns of NAMESPACES) {
        for (const [key, text] of flatten(load(lang, ns))) {
          for (const m of text.matchAll(/(?<![\d.,\-/:A-Za-z#])\d{4,}(?![\d-])/g)) ungrouped.push(`${lang}/${ns}:${key} ${m[0]}`);
        }
      }
    }
    expect(ungrouped).toEqual([]);
  });

  it('has an English text for every literal key the components use', () => {
    const en = Object.fromEntries(NAMESPACES.map((ns) => [ns, baseKeys(flatten(load('en', ns)).keys())]));
    const files: string[] = [];
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(d, e.name));
        else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts')) files.push(path.join(d, e.name));
      }
    };
    walk(srcDir);
    const missing: string[] = [];
    let checked = 0;
    for (const file of files) {
      const code = fs.readFileSync(file, 'utf8');
      // The namespaces a file's t() looks in: useTranslation('ns'), useTranslation(['a', 'b']) (looked up in
      // order), useTranslation(ACCOUNT_NS), cardT; 'common' otherwise.
      const single = /useTranslation\('(\w+)'\)/.exec(code)?.[1];
      const list = /useTranslation\(\[([^\]]+)\]\)/.exec(code)?.[1];
      const fileNs = single
        ? [single]
        : list
          ? [...list.matchAll(/'(\w+)'/g)].map((m) => m[1]!)
          : /useTranslation\(ACCOUNT_NS\)/.test(code)
            ? ['account', 'common']
            : [/cardT as t/.test(code) ? 'cards' : 'common'];
      for (const m of code.matchAll(/\bt\('(?:(\w+):)?([\w.-]+)'(?:,\s*\{[^}]*?ns:\s*'(\w+)')?/g)) {
        const key = m[2]!;
        const namespaces = m[1] ? [m[1]] : m[3] ? [m[3]] : fileNs;
        checked++;
        if (!namespaces.some((ns) => en[ns]?.has(key))) missing.push(`${path.relative(srcDir, file)}: ${namespaces.join('|')}:${key}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('has a short label and a name for every rarity of the library (shown through components/card/rarity.ts)', () => {
    const cards = flatten(load('en', 'cards'));
    for (const rarity of CARD_RARITIES) {
      const key = rarity.replace(/\s+/g, '_');
      expect(cards.get(`rarities.${key}`), rarity).toBeTruthy();
      expect(cards.get(`rarityCodes.${key}`), rarity).toBeTruthy();
    }
  });

  it('has the share texts in every namespace that opens the share dialog', () => {
    for (const ns of SHARE_NAMESPACES) {
      const keys = flatten(load('en', ns));
      expect(SHARE_KEYS.filter((k) => !keys.has(`share.${k}`)), ns).toEqual([]);
      expect(keys.has('actions.close'), ns).toBe(true);
    }
  });
});
