import type { CollectionStats } from '@grandline/core/contracts/binders';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COLOR_HEX } from '@/components/card/color-dots';
import { formatNumber, formatPercent } from '@/lib/format';
import { rarityName } from '@/components/card/rarity';
import { productCode } from '@grandline/core/set-code';

function Tile({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-border bg-surface p-4">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{formatNumber(value)}</dd>
    </div>
  );
}

/** Horizontal bars of copies per key, the longest first. */
function Bars({ title, rows, label, color }: { title: string; rows: CollectionStats['bySet']; label?: (key: string) => string; color?: (key: string) => string | undefined }) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <section className="rounded-xl border border-border bg-surface p-4" aria-label={title}>
      <h3 className="mb-3 text-sm font-semibold">{title}</h3>
      <ul className="flex flex-col gap-2">
        {rows.slice(0, 12).map((r) => (
          <li key={r.key} className="grid grid-cols-[minmax(4.5rem,8rem)_1fr_3rem] items-center gap-2 text-sm">
            <span className="truncate text-muted">{label ? label(r.key) : r.key}</span>
            <span className="h-2.5 overflow-hidden rounded-full bg-surface-2" aria-hidden>
              <span className="block h-full rounded-full bg-accent" style={{ width: `${(r.count / max) * 100}%`, ...(color?.(r.key) ? { backgroundColor: color(r.key) } : {}) }} />
            </span>
            <span className="text-right tabular-nums">{formatNumber(r.count)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Counts of a binder or of the portfolio: totals, copies by set, color, rarity and type, and set completion. */
export function CollectionStatsPanel({ stats }: { stats: CollectionStats }) {
  const { t } = useTranslation('binders');
  const { t: tc } = useTranslation('cards');
  return (
    <div className="flex flex-col gap-4" data-testid="binder-stats">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Tile label={t('stats.copies')} value={stats.cardCount} />
        <Tile label={t('stats.prints')} value={stats.distinctCount} />
        <Tile label={t('stats.numbers')} value={stats.distinctNumbers} />
      </dl>
      {stats.cardCount > 0 && (
        <>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Bars title={t('stats.bySet')} rows={stats.bySet} />
            <Bars title={t('stats.byColor')} rows={stats.byColor} label={(k) => tc(`colors.${k}`, { defaultValue: k })} color={(k) => COLOR_HEX[k]} />
            <Bars title={t('stats.byRarity')} rows={stats.byRarity} label={rarityName} />
            <Bars title={t('stats.byType')} rows={stats.byType} label={(k) => tc(`types.${k}`, { defaultValue: k })} />
          </div>
          <section className="rounded-xl border border-border bg-surface p-4" aria-label={t('stats.completion')}>
            <h3 className="text-sm font-semibold">{t('stats.completion')}</h3>
            <p className="mb-3 text-xs text-muted">{t('stats.completionHint')}</p>
            <ul className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2" data-testid="set-completion">
              {stats.completion.map((s) => {
                const pct = Math.round((s.owned / s.size) * 100);
                return (
                  <li key={s.slug} className="flex flex-col gap-1 text-sm">
                    <div className="flex items-baseline justify-between gap-2">
                      <Link to={`/sets/${s.slug}`} className="min-w-0 truncate hover:underline">
                        {s.code ? <span className="font-medium">{productCode(s.code)}</span> : null} <span className="text-muted">{s.name}</span>
                      </Link>
                      <span className="shrink-0 tabular-nums text-muted">{t('stats.owned', { owned: s.owned, size: s.size, percent: formatPercent(s.owned / s.size, undefined, { maximumFractionDigits: 0 }) })}</span>
                    </div>
                    <span
                      className="h-2 overflow-hidden rounded-full bg-surface-2"
                      role="progressbar"
                      aria-valuemin={0}
                      aria-valuemax={s.size}
                      aria-valuenow={s.owned}
                      aria-label={s.code ? productCode(s.code) : s.name}
                    >
                      <span className="block h-full rounded-full bg-success" style={{ width: `${pct}%` }} />
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
