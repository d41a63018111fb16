import type { MetaLeader } from '@grandline/core/contracts/tournaments';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format';
import { percentText, sparklinePoints, trendDirection } from '@/features/meta/meta-figures';

const WIDTH = 72;
const HEIGHT = 22;

/**
 * A leader's share week by week, as a small line (the last week marked); its spoken form lists every week. The
 * line is in the accent colour when it rises, muted when flat, red when it falls.
 */
export function TrendSparkline({ weeks }: { weeks: MetaLeader['weeks'] }) {
  const { t, i18n } = useTranslation('meta');
  if (weeks.length === 0) return <span className="text-muted">—</span>;
  const shares = weeks.map((w) => w.share);
  const direction = trendDirection(shares);
  const points = sparklinePoints(shares, WIDTH, HEIGHT, 0.05);
  const last = points.split(' ').at(-1)!.split(',');
  const label = t('trend.label', {
    direction: t(`trend.${direction}`),
    weeks: weeks.map((w) => `${formatDay(w.week, { day: 'numeric', month: 'short' }, i18n.resolvedLanguage)}: ${percentText(w.share, i18n.resolvedLanguage)}`).join(', '),
  });
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      role="img"
      aria-label={label}
      className={cn('inline-block shrink-0 overflow-visible align-middle', direction === 'up' ? 'text-accent' : direction === 'down' ? 'text-danger' : 'text-muted')}
      data-testid="leader-trend"
      data-direction={direction}
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinejoin="round" strokeLinecap="round" />
      <circle cx={last[0]} cy={last[1]} r={2.25} fill="currentColor" />
    </svg>
  );
}
