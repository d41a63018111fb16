import type { Card } from '@grandline/core/contracts/cards';
import type { DeckCardInput, DeckDetail, DeckRow, UpdateDeckRequest } from '@grandline/core/contracts/decks';
import { DEFAULT_DECK_FORMAT, deckFormat, type OnePieceFormat } from '@grandline/core/decks/formats';
import type { RegulationEntry } from '@grandline/core/decks/regulations';
import { validateDeck } from '@grandline/core/decks/validate';

/** The deck as the editor holds it until it is saved. */
export interface DeckDraft {
  name: string;
  format: OnePieceFormat;
  description: string;
  isPublic: boolean;
  leader: Card | null;
  cover: Card | null;
  /** Main-deck rows in the order they were added; one per print. */
  rows: DeckRow[];
}

export const emptyDraft = (): DeckDraft => ({ name: '', format: DEFAULT_DECK_FORMAT, description: '', isPublic: false, leader: null, cover: null, rows: [] });

export const draftFromDeck = (deck: DeckDetail): DeckDraft => ({
  name: deck.name,
  format: deck.format,
  description: deck.description ?? '',
  isPublic: deck.isPublic,
  leader: deck.leader,
  cover: deck.cover,
  rows: deck.cards,
});

export type DraftAction =
  | { type: 'set'; field: 'name' | 'description'; value: string }
  | { type: 'setFormat'; value: OnePieceFormat }
  | { type: 'setPublic'; value: boolean }
  | { type: 'add'; card: Card; count?: number }
  | { type: 'setQuantity'; cardId: number; quantity: number }
  | { type: 'setLeader'; card: Card | null }
  | { type: 'setCover'; card: Card | null }
  | { type: 'replaceCards'; leader: Card | null; rows: DeckRow[] }
  | { type: 'reset'; draft: DeckDraft };

/** Copies of a card number in the main deck (all prints together). */
export const copiesOf = (rows: readonly DeckRow[], cardNumber: string) => rows.reduce((n, r) => (r.card.cardNumber === cardNumber ? n + r.quantity : n), 0);

const inDeck = (draft: Pick<DeckDraft, 'leader' | 'rows'>, card: Card | null) =>
  !!card && (draft.leader?.id === card.id || draft.rows.some((r) => r.card.id === card.id));

/** Keeps the cover only while it is a card of the deck (spec §5). */
const keepCover = (draft: DeckDraft): DeckDraft => (draft.cover && !inDeck(draft, draft.cover) ? { ...draft, cover: null } : draft);

export function draftReducer(draft: DeckDraft, action: DraftAction): DeckDraft {
  switch (action.type) {
    case 'set':
      return { ...draft, [action.field]: action.value };
    case 'setFormat':
      return { ...draft, format: action.value };
    case 'setPublic':
      return { ...draft, isPublic: action.value };
    case 'setLeader':
      return keepCover({ ...draft, leader: action.card });
    case 'setCover':
      return { ...draft, cover: action.card && inDeck(draft, action.card) ? action.card : null };
    case 'add': {
      // A Leader goes to the leader slot; other cards add copies (the rules panel says when there are too many).
      if (action.card.cardType === 'Leader') return keepCover({ ...draft, leader: action.card });
      const count = action.count ?? 1;
      const existing = draft.rows.find((r) => r.card.id === action.card.id);
      const rows = existing
        ? draft.rows.map((r) => (r.card.id === action.card.id ? { ...r, quantity: Math.min(99, r.quantity + count) } : r))
        : [...draft.rows, { card: action.card, quantity: count }];
      return { ...draft, rows };
    }
    case 'setQuantity': {
      const quantity = Math.max(0, Math.min(99, Math.round(action.quantity)));
      const rows = quantity === 0 ? draft.rows.filter((r) => r.card.id !== action.cardId) : draft.rows.map((r) => (r.card.id === action.cardId ? { ...r, quantity } : r));
      return keepCover({ ...draft, rows });
    }
    case 'replaceCards':
      return keepCover({ ...draft, leader: action.leader, rows: action.rows });
    case 'reset':
      return action.draft;
  }
}

export const mainCount = (draft: Pick<DeckDraft, 'rows'>) => draft.rows.reduce((n, r) => n + r.quantity, 0);

/**
 * The construction rules on the draft, as the server will see them when it is saved: on the server's banned,
 * restricted and paired cards when they were read (`regulations`), the shipped ones until then.
 */
export const validateDraft = (draft: DeckDraft, regulations?: readonly RegulationEntry[], day?: string) => {
  const format = deckFormat('onepiece', draft.format)!;
  return validateDeck({ name: draft.name, leader: draft.leader, cards: draft.rows }, format, { requireName: false, regulations: regulations ?? format.regulations, ...(day ? { day } : {}) });
};

export const cardInputs = (draft: DeckDraft): DeckCardInput[] => draft.rows.map((r) => ({ cardId: r.card.id, quantity: r.quantity }));

const sameRows = (a: readonly DeckRow[], b: readonly DeckRow[]) =>
  a.length === b.length && a.every((r, i) => r.card.id === b[i]!.card.id && r.quantity === b[i]!.quantity);

/** The deck fields that differ from the saved deck (spec §7: update only changed fields). */
export function changedFields(saved: DeckDraft, draft: DeckDraft): UpdateDeckRequest | null {
  const out: Record<string, unknown> = {};
  if (draft.name.trim() !== saved.name) out.name = draft.name.trim();
  if (draft.format !== saved.format) out.format = draft.format;
  if ((draft.description.trim() || null) !== (saved.description.trim() || null)) out.description = draft.description.trim() || null;
  if (draft.isPublic !== saved.isPublic) out.isPublic = draft.isPublic;
  if ((draft.leader?.id ?? null) !== (saved.leader?.id ?? null)) out.leaderCardId = draft.leader?.id ?? null;
  if ((draft.cover?.id ?? null) !== (saved.cover?.id ?? null)) out.coverCardId = draft.cover?.id ?? null;
  return Object.keys(out).length ? (out as UpdateDeckRequest) : null;
}

export const cardsChanged = (saved: DeckDraft, draft: DeckDraft) => !sameRows(saved.rows, draft.rows);

export const isDirty = (saved: DeckDraft, draft: DeckDraft) => changedFields(saved, draft) !== null || cardsChanged(saved, draft);
