import type { ValueHistoryResponse } from '@grandline/core/contracts/prices';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { formatCents } from '@grandline/core/money/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { usePreferences } from '@/lib/preferences';
import { useMediaQuery } from '@/lib/use-media-query';
import { axisDay, longDay, type ValueRange } from '@/features/binders/utils/value-dates';

type Point = ValueHistoryResponse['points'][number];

/** The hovered day: its full date and the value. */
function PointTooltip({ active, payload, currency }: { active?: boolean; payload?: ReadonlyArray<{ payload?: Point }>; currency: CurrencyCode }) {
  const { t, i18n } = useTranslation('binders');
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className="rounded-lg border border-border bg-surface px-3 py-2 text-xs shadow-xl">
      <p className="font-semibold">{longDay(point.date, i18n.resolvedLanguage)}</p>
      <p className="mt-0.5 flex items-center gap-1.5 text-muted">
        <span className="inline-block h-2 w-2 rounded-full bg-accent" aria-hidden />
        {t('value.total')}: <span className="font-medium tabular-nums text-fg">{formatCents(point.total, currency)}</span>
      </p>
    </div>
  );
}

/** The value per day as an area (recharts: this module loads on demand, with the chart only). */
export function ValueAreaChart({ points, currency, range, label }: { points: Point[]; currency: CurrencyCode; range: ValueRange; label: string }) {
  const { i18n } = useTranslation();
  const prefs = usePreferences();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const gradient = useId().replace(/:/g, '');
  return (
    <AreaChart responsive data={points} style={{ width: '100%', height: '100%' }} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} aria-label={label}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="var(--accent)" stopOpacity={0.35} />
          <stop offset="100%" stopColor="var(--accent)" stopOpacity={0.02} />
        </linearGradient>
      </defs>
      <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey="date"
        tickFormatter={(day: string) => axisDay(day, range, i18n.resolvedLanguage)}
        tick={{ fontSize: 11, fill: 'var(--muted)' }}
        tickLine={false}
        axisLine={{ stroke: 'var(--border)' }}
        minTickGap={28}
        tickMargin={6}
      />
      <YAxis width="auto" tickFormatter={(cents: number) => formatCents(cents, currency)} tick={{ fontSize: 11, fill: 'var(--muted)' }} tickLine={false} axisLine={false} domain={['auto', 'auto']} />
      <Tooltip content={<PointTooltip currency={currency} />} cursor={{ stroke: 'var(--muted)', strokeDasharray: '3 3' }} />
      <Area
        type="monotone"
        dataKey="total"
        stroke="var(--accent)"
        strokeWidth={2}
        fill={`url(#${gradient})`}
        dot={false}
        activeDot={{ r: 4 }}
        isAnimationActive={prefs.animations && !reducedMotion}
      />
    </AreaChart>
  );
}
