import type { Card } from '@grandline/core/contracts/cards';
import type { CollectionValue } from '@grandline/core/contracts/prices';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { cardPath } from '@grandline/core/slug';
import { ArrowDownRight, ArrowUpRight, Gem, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardImage } from '@/components/card/card-image';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useCardsById } from '@/features/binders/hooks/use-cards-by-id';
import { centsText, percentText, signedCentsText, splitMovers, toneClass, toneOf } from '@/features/binders/utils/value-format';

/** How many of the most valuable cards a value shows. */
const MOST_VALUABLE_SHOWN = 5;
/** How many top movers each way (the server sends up to 5 rising and 5 falling). */
const MOVERS_SHOWN = 3;

export function Panel({ title, icon, children, testId, className }: { title: string; icon?: ReactNode; children: ReactNode; testId?: string; className?: string }) {
  return (
    <section className={cn('flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-surface p-4', className)} aria-label={title} data-testid={testId}>
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A card of a list: its art, name and number (a link to its page); grey shapes until the card arrives. */
function CardLine({ card, children, aside }: { card: Card | undefined; children?: ReactNode; aside: ReactNode }) {
  return (
    <li className="flex items-center gap-3 py-2 first:pt-0 last:pb-0">
      <div className="w-9 shrink-0">{card ? <CardImage card={card} sizes="36px" /> : <Skeleton className="aspect-[600/838] w-full" />}</div>
      <div className="min-w-0 flex-1">
        {card ? (
          <Link to={cardPath(card)} className="block truncate text-sm font-medium hover:underline">
            {card.name}
          </Link>
        ) : (
          <Skeleton className="mb-1 h-4 w-32" />
        )}
        <p className="truncate text-xs text-muted">
          {card && <span className="font-mono">{card.cardNumber}</span>}
          {card && children ? ' · ' : null}
          {children}
        </p>
      </div>
      <div className="shrink-0 text-right">{aside}</div>
    </li>
  );
}

/** The cards worth most in the value (copies × unit price), the first `limit` of them. */
export function MostValuable({ value, limit = MOST_VALUABLE_SHOWN }: { value: CollectionValue; limit?: number }) {
  const { t } = useTranslation('binders');
  const shown = value.mostValuable.slice(0, limit);
  const cards = useCardsById(shown.map((c) => c.cardId));
  return (
    <Panel title={t('value.mostValuable')} icon={<Gem className="h-4 w-4 text-accent" aria-hidden />} testId="most-valuable">
      {shown.length === 0 ? (
        <p className="text-sm text-muted">{t('value.noneValued')}</p>
      ) : (
        <ol className="divide-y divide-border">
          {shown.map((entry) => (
            <CardLine
              key={entry.cardId}
              card={cards.get(entry.cardId)}
              aside={<span className="text-sm font-semibold tabular-nums">{centsText(entry.total, value.currency)}</span>}
            >
              {t('value.copiesAt', { count: entry.quantity, unit: centsText(entry.unit, value.currency) })}
            </CardLine>
          ))}
        </ol>
      )}
    </Panel>
  );
}

function MoverLine({ mover, card, currency }: { mover: CollectionValue['movers'][number]; card: Card | undefined; currency: CurrencyCode }) {
  const { t, i18n } = useTranslation('binders');
  const tone = toneOf(mover.change);
  const Arrow = tone === 'down' ? ArrowDownRight : ArrowUpRight;
  return (
    <CardLine
      card={card}
      aside={
        <span className={cn('flex flex-col items-end', toneClass[tone])} data-testid="mover-change" data-tone={tone}>
          <span className="inline-flex items-center gap-0.5 text-sm font-semibold tabular-nums">
            <Arrow className="h-4 w-4" aria-label={tone === 'down' ? t('value.down') : t('value.up')} />
            {percentText(mover.ratio, i18n.resolvedLanguage) ?? signedCentsText(mover.change, currency)}
          </span>
          <span className="text-xs tabular-nums">{signedCentsText(mover.change, currency)}</span>
        </span>
      }
    >
      {t('value.moved', { before: centsText(mover.before, currency), now: centsText(mover.unit, currency) })}
    </CardLine>
  );
}

/** The largest 7-day changes of the unit price among the cards held: rising and falling. */
export function TopMovers({ value }: { value: CollectionValue }) {
  const { t } = useTranslation('binders');
  const split = splitMovers(value.movers);
  const up = split.up.slice(0, MOVERS_SHOWN);
  const down = split.down.slice(0, MOVERS_SHOWN);
  const cards = useCardsById([...up, ...down].map((m) => m.cardId));
  const column = (title: string, movers: typeof up, testId: string) => (
    <div className="flex min-w-0 flex-col gap-2" data-testid={testId}>
      <h4 className="text-xs font-medium uppercase tracking-wide text-muted">{title}</h4>
      {movers.length === 0 ? (
        <p className="text-sm text-muted">{t('value.noMovers')}</p>
      ) : (
        <ul className="divide-y divide-border">
          {movers.map((m) => (
            <MoverLine key={m.cardId} mover={m} card={cards.get(m.cardId)} currency={value.currency} />
          ))}
        </ul>
      )}
    </div>
  );
  return (
    <Panel title={t('value.movers')} icon={<TrendingUp className="h-4 w-4 text-accent" aria-hidden />} testId="top-movers" className="@container">
      <p className="-mt-2 text-xs text-muted">{t('value.moversHint')}</p>
      {/* Rising and falling side by side only where the panel is wide enough for both (a container query). */}
      <div className="grid gap-4 @2xl:grid-cols-2">
        {column(t('value.rising'), up, 'movers-up')}
        {column(t('value.falling'), down, 'movers-down')}
      </div>
    </Panel>
  );
}
