/**
 * Liga One Piece edition codes (ligaonepiece.com.br), as its real edition list spells them: `OP-01`, `ST14`,
 * `EB01`, `PRB2`, plus auxiliary editions for reprints, pre-releases and promotions (`OP-15-RE`, `OP-08-PR`).
 * An import matches the code exactly against this list or against our own set codes; nothing is guessed.
 * Main editions name one of our sets; auxiliary ones hold prints of several sets, so their cards are found
 * by number alone.
 */
const MAIN_EDITIONS: Record<string, string> = {
  PRB: 'PRB-01',
  PRB2: 'PRB-02',
};
for (let n = 1; n <= 16; n++) MAIN_EDITIONS[`OP-${String(n).padStart(2, '0')}`] = `OP-${String(n).padStart(2, '0')}`;
for (let n = 1; n <= 13; n++) MAIN_EDITIONS[`ST-${String(n).padStart(2, '0')}`] = `ST-${String(n).padStart(2, '0')}`;
for (let n = 14; n <= 30; n++) MAIN_EDITIONS[`ST${n}`] = `ST-${n}`;
for (const n of ['01', '02', '03']) MAIN_EDITIONS[`EB${n}`] = `EB-${n}`;
MAIN_EDITIONS['EB-04'] = 'EB-04';

/** Liga's auxiliary editions (group "aux" and special products): reprints, pre-release and event prints. */
const AUX_EDITIONS = new Set([
  'OP-15-RE', 'OP-14-RE', 'OP-12-RE', 'OP-11-RE', 'OP-10-RE', 'EB03-BP', 'OP-13-TA', 'LTDS', 'LTDS-Z', 'LTDS-L', 'LTDS-N',
  'OP-09-2', 'OP-08-PR', 'OP-07-PR', 'OP-06-PR', 'OP-05-1', 'OP-04-PR', 'OP-03-PR', 'OP-02-PR', 'OPDD',
  'ST-04-PR', 'ST-03-PR', 'ST-02-PR', 'ST-01-PR', 'OP-AS', 'PC-01',
]);

export type EditionMatch = { kind: 'set'; setCode: string } | { kind: 'any' } | { kind: 'unknown' };

/**
 * What an edition code of an import names: one of our sets, any set (an auxiliary Liga edition), or nothing
 * ('expansion not found'). `ourSetCodes` are the library's set codes (`OP-01`, `EB-01`, `PRB-01`…), which
 * are accepted as written too.
 */
export function matchEdition(edition: string, ourSetCodes: ReadonlySet<string>): EditionMatch {
  const code = edition.trim().toUpperCase();
  if (ourSetCodes.has(code)) return { kind: 'set', setCode: code };
  const main = MAIN_EDITIONS[code];
  if (main) return ourSetCodes.has(main) ? { kind: 'set', setCode: main } : { kind: 'unknown' };
  if (AUX_EDITIONS.has(code)) return { kind: 'any' };
  return { kind: 'unknown' };
}
