/**
 * Liga One Piece edition codes (ligaonepiece.com.br), as its real edition list spells them: `OP-01`, `ST14`,
 * `EB01`, `PRB2`, plus auxiliary editions for reprints, pre-releases and promotions (`OP-15-RE`, `OP-08-PR`).
 * An import matches the code exactly against this list or against our own set codes; nothing is guessed.
 * Main editions name one of our sets; auxiliary ones hold prints of several sets, so their cards are found
 * by number alone.
 */
/** Liga main edition → the compact code of the product it names (OP-14 → OP14, ST14 → ST14, PRB2 → PRB02). */
const MAIN_EDITIONS: Record<string, string> = { PRB: 'PRB01', PRB2: 'PRB02' };
const pad = (n: number) => String(n).padStart(2, '0');
for (let n = 1; n <= 16; n++) MAIN_EDITIONS[`OP-${pad(n)}`] = `OP${pad(n)}`;
for (let n = 1; n <= 13; n++) MAIN_EDITIONS[`ST-${pad(n)}`] = `ST${pad(n)}`;
for (let n = 14; n <= 30; n++) MAIN_EDITIONS[`ST${n}`] = `ST${n}`;
for (const n of ['01', '02', '03']) MAIN_EDITIONS[`EB${n}`] = `EB${n}`;
MAIN_EDITIONS['EB-04'] = 'EB04';

/** Liga's auxiliary editions (group "aux" and special products): reprints, pre-release and event prints. */
const AUX_EDITIONS = new Set([
  'OP-15-RE', 'OP-14-RE', 'OP-12-RE', 'OP-11-RE', 'OP-10-RE', 'EB03-BP', 'OP-13-TA', 'LTDS', 'LTDS-Z', 'LTDS-L', 'LTDS-N',
  'OP-09-2', 'OP-08-PR', 'OP-07-PR', 'OP-06-PR', 'OP-05-1', 'OP-04-PR', 'OP-03-PR', 'OP-02-PR', 'OPDD',
  'ST-04-PR', 'ST-03-PR', 'ST-02-PR', 'ST-01-PR', 'OP-AS', 'PC-01',
]);

/** The compact product codes one of our set codes covers: OP-01 → [OP01]; a combined OP-14-EB04 → [OP14, EB04]. */
export function setCodeParts(code: string): string[] {
  const parts: string[] = [];
  for (const m of code.toUpperCase().matchAll(/(?<![A-Z])([A-Z]+)-?(\d+)/g)) parts.push(`${m[1]}${m[2]!.padStart(2, '0')}`);
  return parts;
}

export type EditionMatch = { kind: 'sets'; setCodes: string[] } | { kind: 'any' } | { kind: 'unknown' };

/**
 * What an edition code of an import names: some of our sets, any set (an auxiliary Liga edition), or nothing
 * ('expansion not found'). `ourSetCodes` are the library's set codes (`OP-01`, `EB-01`, `PRB-01`, `OP-14-EB04`…),
 * which are accepted as written too. A Liga main edition names every set of ours that contains that product
 * (Liga's OP-14 and EB-04 are both in our combined OP-14-EB04).
 */
export function matchEdition(edition: string, ourSetCodes: ReadonlySet<string>): EditionMatch {
  const code = edition.trim().toUpperCase();
  if (ourSetCodes.has(code)) return { kind: 'sets', setCodes: [code] };
  const product = MAIN_EDITIONS[code];
  if (product) {
    const setCodes = [...ourSetCodes].filter((c) => setCodeParts(c).includes(product));
    return setCodes.length ? { kind: 'sets', setCodes } : { kind: 'unknown' };
  }
  if (AUX_EDITIONS.has(code)) return { kind: 'any' };
  return { kind: 'unknown' };
}
