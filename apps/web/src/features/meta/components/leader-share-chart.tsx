import type { MetaLeader } from '@grandline/core/contracts/tournaments';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { usePreferences } from '@/lib/preferences';
import { useMediaQuery } from '@/lib/use-media-query';
import { axisLabel, percentText, recordText } from '@/features/meta/meta-figures';

interface Row {
  label: string;
  name: string;
  cardNumber: string;
  share: number;
  winRate: number | null;
  leader: MetaLeader;
}

/** The hovered leader: its name, share, win rate and record. */
function LeaderTooltip({ active, payload }: { active?: boolean; payload?: ReadonlyArray<{ payload?: Row }> }) {
  const { t, i18n } = useTranslation('meta');
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  const language = i18n.resolvedLanguage;
  return (
    <div className="rounded-lg border border-border bg-surface px-3 py-2 text-xs shadow-xl">
      <p className="font-semibold">
        {row.name} <span className="font-mono font-normal text-muted">{row.cardNumber}</span>
      </p>
      <dl className="mt-1 grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5">
        <dt className="text-muted">{t('columns.share')}</dt>
        <dd className="text-right font-medium tabular-nums">{percentText(row.share, language)}</dd>
        <dt className="text-muted">{t('columns.winRate')}</dt>
        <dd className="text-right font-medium tabular-nums">{percentText(row.winRate, language)}</dd>
        <dt className="text-muted">{t('columns.record')}</dt>
        <dd className="text-right font-medium tabular-nums">{recordText(row.leader, language)}</dd>
      </dl>
    </div>
  );
}


/**
 * The leaders' shares (top axis) and win rates (bottom axis) as pairs of bars, one row per leader (recharts: this
 * module loads on demand, with the chart only). The table under it says the same in words.
 */
export function LeaderShareChart({ leaders, label }: { leaders: MetaLeader[]; label: string }) {
  const { i18n } = useTranslation('meta');
  const prefs = usePreferences();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const phone = !useMediaQuery('(min-width: 640px)');
  const language = i18n.resolvedLanguage;
  const names = new Map<string, number>();
  for (const l of leaders) names.set(l.name, (names.get(l.name) ?? 0) + 1);
  const rows: Row[] = leaders.map((l) => ({
    // On a phone a repeated name gives way to the number alone.
    label: phone && names.get(l.name)! > 1 ? l.cardNumber : axisLabel(l, names.get(l.name)! > 1, phone ? 13 : 24),
    name: l.name,     cardNumber: l.cardNumber,
    share: l.share,
    winRate: l.winRate,
    leader: l,
  }));
  const topShare = Math.min(1, Math.max(0.1, ...rows.map((r) => r.share)) * 1.1);
  const animate = prefs.animations && !reducedMotion;
  return (
    <BarChart
      responsive
      layout="vertical"
      data={rows}
      style={{ width: '100%', height: '100%' }}
      margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
      barCategoryGap="22%"
      barGap={2}
      aria-label={label}
    >
      <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={false} />
      <YAxis type="category" dataKey="label" width={phone ? 96 : 172} tick={{ fontSize: 11, fill: 'var(--fg)' }} tickLine={false} axisLine={false} interval={0} />
      <XAxis
        xAxisId="share"
        type="number"
        orientation="top"
        domain={[0, topShare]}
        tickFormatter={(v: number) => percentText(v, language)}
        tick={{ fontSize: 11, fill: 'var(--muted)' }}
        tickLine={false}
        axisLine={{ stroke: 'var(--border)' }}
        tickCount={5}
      />
      <XAxis
        xAxisId="winRate"
        type="number"
        orientation="bottom"
        domain={[0, 1]}
        tickFormatter={(v: number) => percentText(v, language)}
        tick={{ fontSize: 11, fill: 'var(--muted)' }}
        tickLine={false}
        axisLine={{ stroke: 'var(--border)' }}
        ticks={[0, 0.25, 0.5, 0.75, 1]}
      />
      <Tooltip content={<LeaderTooltip />} cursor={{ fill: 'var(--surface-2)' }} />
      <Bar xAxisId="share" dataKey="share" fill="var(--accent)" radius={[0, 3, 3, 0]} isAnimationActive={animate} />
      <Bar xAxisId="winRate" dataKey="winRate" fill="var(--success)" radius={[0, 3, 3, 0]} isAnimationActive={animate} />
    </BarChart>
  );
}
