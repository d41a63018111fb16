import type { DeckRow } from '@grandline/core/contracts/decks';
import { deckStats } from '@grandline/core/decks/stats';
import { useTranslation } from 'react-i18next';
import { COLOR_HEX } from '@/components/card/color-dots';
import { formatCounter, formatDecimal, formatNumber } from '@/lib/format';

function Bars({ title, items, testId }: { title: string; items: { label: string; value: number; color?: string }[]; testId?: string }) {
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <figure className="rounded-xl border border-border bg-surface p-3" data-testid={testId}>
      <figcaption className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">{title}</figcaption>
      <div className="flex h-28 items-end gap-1" role="list">
        {items.map((i) => (
          <div key={i.label} role="listitem" aria-label={`${i.label}: ${formatNumber(i.value)}`} className="flex min-w-0 flex-1 flex-col items-center gap-1">
            <span className="text-[0.65rem] tabular-nums text-muted">{i.value ? formatNumber(i.value) : ''}</span>
            <div className="w-full rounded-t bg-accent/80" style={{ height: `${(i.value / max) * 80}px`, backgroundColor: i.color }} />
            <span className="truncate text-[0.65rem] text-muted">{i.label}</span>
          </div>
        ))}
      </div>
    </figure>
  );
}

/** Cost curve, colors, counters, power curve and types of the main deck. */
export function DeckStatsPanel({ rows }: { rows: readonly DeckRow[] }) {
  const { t } = useTranslation('decks');
  const stats = deckStats(rows, { subtypeLimit: 6 });
  if (stats.totalCards === 0) return <p className="text-sm text-muted">{t('stats.empty')}</p>;
  const fmt = (n: number | null) => (n === null ? '–' : formatDecimal(n));
  return (
    <div className="flex flex-col gap-3" data-testid="deck-stats">
      <dl className="grid grid-cols-3 gap-2 text-center">
        {[
          [t('stats.cards'), formatNumber(stats.totalCards)],
          [t('stats.averageCost'), fmt(stats.averageCost)],
          [t('stats.counterTotal'), formatNumber(stats.counters.totalValue)],
        ].map(([k, v]) => (
          <div key={k} className="rounded-xl border border-border bg-surface p-2">
            <dt className="text-[0.7rem] text-muted">{k}</dt>
            <dd className="text-lg font-semibold tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
      <Bars title={t('stats.costCurve')} testId="cost-curve" items={stats.costCurve.map((p) => ({ label: p.cost, value: p.total }))} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Bars title={t('stats.colors')} items={stats.colors.map((c) => ({ label: t(`colors.${c.color}`), value: c.copies, color: COLOR_HEX[c.color] }))} />
        <Bars
          title={t('stats.counters')}
          items={[
            { label: t('stats.noCounter'), value: stats.counters.none },
            { label: formatCounter(1000), value: stats.counters.plus1000 },
            { label: formatCounter(2000), value: stats.counters.plus2000 },
          ]}
        />
        <Bars title={t('stats.powerCurve')} items={stats.powerCurve.map((p) => ({ label: formatNumber(p.power, undefined, { notation: 'compact' }), value: p.copies }))} />
        <Bars title={t('stats.types')} items={(['Character', 'Event', 'Stage'] as const).map((k) => ({ label: t(`types.${k}`), value: stats.types[k] }))} />
      </div>
      {stats.subtypes.length > 0 && (
        <div className="rounded-xl border border-border bg-surface p-3">
          <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">{t('stats.subtypes')}</p>
          <ul className="flex flex-wrap gap-1.5 text-xs">
            {stats.subtypes.map((s) => (
              <li key={s.subtype} className="rounded-md bg-surface-2 px-2 py-0.5">
                {s.subtype} <span className="text-muted">×{formatNumber(s.copies)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
