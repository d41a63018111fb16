import { z } from 'zod';
import { REGULATION_KINDS } from '../decks/regulations';
import { GAME_CATEGORIES } from '../games';
import { IntIdParam, MAX_TEXT_LENGTH, Text, isStorableText } from './common';

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
export const CalendarDay = z.string('validation.invalidDay').refine(isCalendarDay, 'validation.invalidDay');

/** A card number as printed: OP01-016, ST10-001, EB01-012, PRB01-001, P-001 (upper-cased). */
const CARD_NUMBER_PATTERN = /^(?:P|OP\d{2}|ST\d{2}|EB\d{2}|PRB\d{2})-\d{3}$/;
export const RegulationCardNumber = z
  .string('validation.invalidCardNumber')
  .trim()
  .toUpperCase()
  .refine((v) => CARD_NUMBER_PATTERN.test(v), 'validation.invalidCardNumber');

/** The announcement's page: an https address. */
const SourceUrl = z
  .string('validation.invalidSourceUrl')
  .trim()
  .refine((v) => {
    if (v.length > MAX_TEXT_LENGTH || !isStorableText(v)) return false;
    try {
      return new URL(v).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'validation.invalidSourceUrl');

const RegulationKind = z.enum(REGULATION_KINDS);

/** One entry as anyone reads it; admins also see who added and ended it. */
export const Regulation = z.object({
  id: z.number().int(),
  game: z.enum(GAME_CATEGORIES),
  kind: RegulationKind,
  cardNumber: z.string(),
  pairedWith: z.string().nullable().describe('A pair’s other card; null for banned and restricted entries'),
  from: z.string().describe('First day in force (YYYY-MM-DD, UTC)'),
  until: z.string().nullable().describe('First day no longer in force; null while in force'),
  source: z.string().describe('The page that announced it'),
  note: z.string().nullable(),
  shipped: z.boolean().describe('Shipped with the app rather than added by an admin'),
  status: z.enum(['upcoming', 'inForce', 'ended']).describe('On the server’s today'),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  createdBy: z.string().nullable().optional().describe('Admins only: who added it'),
  endedBy: z.string().nullable().optional().describe('Admins only: who ended it'),
});
export type Regulation = z.infer<typeof Regulation>;

export const RegulationsQuery = z.object({ game: z.enum(GAME_CATEGORIES).default('onepiece') });
export const RegulationsResponse = z.object({ items: z.array(Regulation).describe('Every entry, in force or not, newest first') });
export type RegulationsResponse = z.infer<typeof RegulationsResponse>;

export const CreateRegulationRequest = z
  .object({
    game: z.enum(GAME_CATEGORIES).default('onepiece'),
    kind: RegulationKind,
    cardNumber: RegulationCardNumber,
    pairedWith: RegulationCardNumber.nullable().optional().describe('Required for a pair, absent otherwise'),
    from: CalendarDay,
    until: CalendarDay.nullable().optional(),
    source: SourceUrl,
    note: Text(500).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'pair' && (!v.pairedWith || v.pairedWith === v.cardNumber)) ctx.addIssue({ code: 'custom', path: ['pairedWith'], message: 'validation.regulationPairNeedsTwo' });
    if (v.kind !== 'pair' && v.pairedWith) ctx.addIssue({ code: 'custom', path: ['pairedWith'], message: 'validation.regulationPairOnly' });
    if (v.until && v.until <= v.from) ctx.addIssue({ code: 'custom', path: ['until'], message: 'validation.regulationEndsBeforeStart' });
  });
export type CreateRegulationRequest = z.input<typeof CreateRegulationRequest>;

export const EndRegulationRequest = z.object({ until: CalendarDay.describe('First day the entry is no longer in force') });
export type EndRegulationRequest = z.infer<typeof EndRegulationRequest>;

export const RegulationIdParam = z.object({ id: IntIdParam() });
