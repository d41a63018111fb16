import type { Card } from '@grandline/core/contracts/cards';
import type { CreateDeckRequest, DeckCardInput, DeckRow, UpdateDeckRequest } from '@grandline/core/contracts/decks';
import { cardInputs, cardsChanged, changedFields, copiesOf, type DeckDraft, type DraftAction } from './deck-draft';

/**
 * The deck editor's decisions that do not need React: what the card search shows as "in the deck", the cover
 * choices, what a save sends, which toast a failed save shows, and how an imported list changes the draft.
 */

/** The search panel's count for a card: the leader slot for a Leader, the copies of its card number otherwise. */
export const countInDraft = (draft: Pick<DeckDraft, 'leader' | 'rows'>, card: Card) =>
  card.cardType === 'Leader' ? (draft.leader?.id === card.id ? 1 : 0) : copiesOf(draft.rows, card.cardNumber);

/** The cover select's value when the deck has no cover. */
export const NO_COVER = 'none';

export interface CoverOption {
  value: string;
  label: string;
}

const printLabel = (card: Card) => `${card.name} (${card.cardNumber}${card.variant ? ` ${card.variant}` : ''})`;

/** The cover choices (spec §5: a card of the deck): none, the leader, then each main-deck print in deck order. */
export const coverOptions = (draft: Pick<DeckDraft, 'leader' | 'rows'>, noCoverLabel: string): CoverOption[] => [
  { value: NO_COVER, label: noCoverLabel },
  ...(draft.leader ? [{ value: String(draft.leader.id), label: `${draft.leader.name} (${draft.leader.cardNumber})` }] : []),
  ...draft.rows.map((r) => ({ value: String(r.card.id), label: printLabel(r.card) })),
];

export const coverValue = (draft: Pick<DeckDraft, 'cover'>) => (draft.cover ? String(draft.cover.id) : NO_COVER);

/** The card a cover choice stands for (null for "no cover" or a card no longer in the deck). */
export function coverCard(draft: Pick<DeckDraft, 'leader' | 'rows'>, value: string): Card | null {
  if (value === NO_COVER) return null;
  const id = Number(value);
  if (draft.leader?.id === id) return draft.leader;
  return draft.rows.find((r) => r.card.id === id)?.card ?? null;
}

/**
 * What saving sends. A new deck is created in one request; a saved deck gets its cards first (the cover must be a
 * card of the deck when the fields are checked), then only the fields that changed (spec §7).
 */
export type SavePlan =
  | { kind: 'create'; request: CreateDeckRequest }
  | { kind: 'update'; id: string; cards: DeckCardInput[] | null; fields: UpdateDeckRequest | null };

export function savePlan(saved: DeckDraft, draft: DeckDraft, deckId: string | null): SavePlan {
  if (!deckId) {
    return {
      kind: 'create',
      request: {
        name: draft.name.trim(),
        format: draft.format,
        description: draft.description.trim() || null,
        isPublic: draft.isPublic,
        leaderCardId: draft.leader?.id ?? null,
        coverCardId: draft.cover?.id ?? null,
        cards: cardInputs(draft),
      },
    };
  }
  return { kind: 'update', id: deckId, cards: cardsChanged(saved, draft) ? cardInputs(draft) : null, fields: changedFields(saved, draft) };
}

/** The toast key after a failed save: signed out (or terms not accepted) first, then create or update. */
export function saveErrorKey(error: { status?: number; code?: string } | null, updating: boolean): string {
  if (error && (error.status === 401 || error.code === 'TOS_REQUIRED')) return 'toasts.mustSignIn';
  return updating ? 'toasts.updateFailed' : 'toasts.saveFailed';
}

/** An imported list as draft actions: 'replace' swaps leader and cards; 'merge' sets the leader it has and adds its copies. */
export function importActions(leader: Card | null, rows: DeckRow[], mode: 'replace' | 'merge'): DraftAction[] {
  if (mode === 'replace') return [{ type: 'replaceCards', leader, rows }];
  return [...(leader ? [{ type: 'setLeader', card: leader } as const] : []), ...rows.map((r) => ({ type: 'add', card: r.card, count: r.quantity }) as const)];
}
