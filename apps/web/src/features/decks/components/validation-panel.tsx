import type { DeckRow } from '@grandline/core/contracts/decks';
import type { Card } from '@grandline/core/contracts/cards';
import type { DeckValidation } from '@grandline/core/decks/validate';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '@/components/ui/form';
import { cn } from '@/lib/cn';

/**
 * The live rules panel: green when the deck is legal, otherwise every problem with the cards concerned; then the
 * notes the cards themselves make (a Leader's DON!! deck size, a deck-building clause checked by hand). With
 * `onDayChange`, the player picks the day whose banned list and rotation apply (an event next week); empty is today.
 */
export function ValidationPanel({
  validation,
  leader,
  rows,
  className,
  day,
  onDayChange,
}: {
  validation: Pick<DeckValidation, 'valid' | 'errors' | 'mainCount'> & { warnings?: DeckValidation['warnings'] };
  leader: Card | null;
  rows: readonly DeckRow[];
  className?: string;
  /** The day judged on (YYYY-MM-DD), empty for today. */
  day?: string;
  onDayChange?: (day: string) => void;
}) {
  const { t } = useTranslation('decks');
  const dayId = useId();
  const nameOf = (number: string) => (leader?.cardNumber === number ? leader.name : rows.find((r) => r.card.cardNumber === number)?.card.name) ?? number;
  return (
    <section
      aria-labelledby="deck-rules-title"
      aria-live="polite"
      data-testid="validation-panel"
      data-valid={validation.valid}
      className={cn('rounded-xl border p-4', validation.valid ? 'border-success/40 bg-success/10' : 'border-danger/40 bg-danger/5', className)}
    >
      <h3 id="deck-rules-title" className="flex items-center gap-2 text-sm font-semibold">
        {validation.valid ? <CircleCheck className="h-4 w-4 text-success" aria-hidden /> : <CircleAlert className="h-4 w-4 text-danger" aria-hidden />}
        {validation.valid ? t('validation.legal') : t('validation.problems', { count: validation.errors.length })}
      </h3>
      {!validation.valid && (
        <ul className="mt-2 flex flex-col gap-1.5 text-sm">
          {validation.errors.map((e) => (
            <li key={`${e.code}-${e.cards.join()}`} data-testid={`problem-${e.code}`}>
              <span>{t(`problems.${e.code}`, e.params ?? {})}</span>
              {e.cards.length > 0 && (
                <span className="block text-xs text-muted">{e.cards.map((n) => `${nameOf(n)} (${n})`).join(', ')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {validation.warnings && validation.warnings.length > 0 && (
        <div className="mt-3 border-t border-border pt-3" data-testid="deck-notes">
          <h4 className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-muted">
            <Info className="h-3.5 w-3.5" aria-hidden />
            {t('warnings.title')}
          </h4>
          <ul className="mt-1.5 flex flex-col gap-1.5 text-sm">
            {validation.warnings.map((w) => (
              <li key={`${w.code}-${w.cards.join()}`} data-testid={`note-${w.code}`}>
                <span>{t(`warnings.${w.code}`, w.params ?? {})}</span>
                {w.cards.length > 0 && <span className="block text-xs text-muted">{w.cards.map((n) => `${nameOf(n)} (${n})`).join(', ')}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {onDayChange && (
        <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-border pt-3 text-xs">
          <label htmlFor={dayId} className="font-medium text-muted">
            {t('validation.judgeOn')}
          </label>
          <input
            id={dayId}
            type="date"
            value={day ?? ''}
            onChange={(e) => onDayChange(e.target.value)}
            className={cn(inputClass(), 'h-8 max-w-44 px-2 text-xs')}
            aria-describedby={`${dayId}-hint`}
            data-testid="validation-day"
          />
          {day ? (
            <button type="button" onClick={() => onDayChange('')} className="cursor-pointer rounded-md px-2 py-1 font-medium text-accent hover:bg-surface-2" data-testid="validation-day-today">
              {t('validation.judgeToday')}
            </button>
          ) : null}
          <span id={`${dayId}-hint`} className="basis-full text-muted">
            {day ? t('validation.judgeOnHint') : t('validation.judgeTodayHint')}
          </span>
        </div>
      )}
    </section>
  );
}
