/**
 * The scanner's session list (issue 17): each card read by the camera, or typed, is a row the user reviews — the
 * print picked among the number's variations, how many copies — before the whole list is added to the quick-add
 * target. Pure functions; the page keeps the list in session storage so a reload loses nothing.
 */

/** A session holds at most this many rows (a deck's rows are limited to 200; a binder write to 500). */
export const MAX_ROWS = 200;
/** Copies per row. */
export const MAX_COPIES = 99;

export interface ScanRow {
  /** Unique in the session. */
  id: string;
  /** The card number as read or typed, normalised (e.g. OP05-119). */
  cardNumber: string;
  /** The print picked (a card id), or null while the prints load or when the number matches no card. */
  cardId: number | null;
  quantity: number;
  /** How the number arrived: read by the camera, or typed by the user. */
  source: 'camera' | 'typed';
}

export interface ScanSession {
  rows: ScanRow[];
  /** The next row id. */
  next: number;
}

export const emptySession = (): ScanSession => ({ rows: [], next: 1 });

/** A new row for a number at the top of the list; when the list is full, the session is returned as it was. */
export function addRow(session: ScanSession, cardNumber: string, source: ScanRow['source']): ScanSession {
  if (session.rows.length >= MAX_ROWS) return session;
  const row: ScanRow = { id: `r${session.next}`, cardNumber, cardId: null, quantity: 1, source };
  return { rows: [row, ...session.rows], next: session.next + 1 };
}

function updateRow(session: ScanSession, id: string, change: (row: ScanRow) => ScanRow): ScanSession {
  return { ...session, rows: session.rows.map((r) => (r.id === id ? change(r) : r)) };
}

/** The user typed the right number for a row: its print is picked again. */
export const correctRow = (session: ScanSession, id: string, cardNumber: string) =>
  updateRow(session, id, (r) => (r.cardNumber === cardNumber ? r : { ...r, cardNumber, cardId: null, source: 'typed' }));

export const pickPrint = (session: ScanSession, id: string, cardId: number) => updateRow(session, id, (r) => ({ ...r, cardId }));

export const setQuantity = (session: ScanSession, id: string, quantity: number) =>
  updateRow(session, id, (r) => ({ ...r, quantity: Math.min(MAX_COPIES, Math.max(1, Math.trunc(quantity) || 1)) }));

export const removeRow = (session: ScanSession, id: string): ScanSession => ({ ...session, rows: session.rows.filter((r) => r.id !== id) });

/** Rows ready to be added: a print is picked. */
export const readyRows = (session: ScanSession) => session.rows.filter((r) => r.cardId !== null);

export const copiesIn = (rows: readonly { quantity: number }[]) => rows.reduce((sum, r) => sum + r.quantity, 0);

/** After a save: the rows that were added leave the list; any others (no print yet) stay. */
export const withoutRows = (session: ScanSession, ids: ReadonlySet<string>): ScanSession => ({ ...session, rows: session.rows.filter((r) => !ids.has(r.id)) });

const CARD_NUMBER = /^[A-Z0-9-]{3,12}$/;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseRow(value: unknown): ScanRow | null {
  if (!isRecord(value)) return null;
  const { id, cardNumber, cardId, quantity, source } = value;
  if (typeof id !== 'string' || !/^r\d{1,9}$/.test(id)) return null;
  if (typeof cardNumber !== 'string' || !CARD_NUMBER.test(cardNumber)) return null;
  if (cardId !== null && !(typeof cardId === 'number' && Number.isSafeInteger(cardId) && cardId > 0)) return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_COPIES) return null;
  if (source !== 'camera' && source !== 'typed') return null;
  return { id, cardNumber, cardId, quantity, source };
}

/** The stored session, or an empty one when there is none or it is not one we wrote (rows we cannot read are dropped). */
export function parseSession(raw: string | null): ScanSession {
  if (!raw) return emptySession();
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return emptySession();
  }
  if (!isRecord(value) || !Array.isArray(value.rows)) return emptySession();
  const rows = value.rows.slice(0, MAX_ROWS).map(parseRow).filter((r): r is ScanRow => r !== null);
  const ids = new Set<string>();
  const unique = rows.filter((r) => !ids.has(r.id) && ids.add(r.id));
  const highest = unique.reduce((max, r) => Math.max(max, Number(r.id.slice(1))), 0);
  const next = typeof value.next === 'number' && Number.isSafeInteger(value.next) && value.next > highest ? value.next : highest + 1;
  return { rows: unique, next };
}
