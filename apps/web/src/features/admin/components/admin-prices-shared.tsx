import { PRICE_RUN_STALE_MS, type PriceRun } from '@grandline/core/contracts/prices';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/error-text';
import { formatDate, formatDay, formatNumber } from '@/lib/format';

/** The price section's texts: in the admin page's namespace ('pages'). */
const K = 'admin.prices';

/** A run still `running` after `staleMs` (PRICE_RUN_STALE_MS for price runs) was cut off (a stopped process): shown as interrupted. */
const runState = (run: Pick<PriceRun, 'status' | 'startedAt'>, staleMs = PRICE_RUN_STALE_MS, now = Date.now()) =>
  run.status === 'running' && now - Date.parse(run.startedAt) > staleMs ? 'stale' : run.status;

const STATE_TONE: Record<ReturnType<typeof runState>, string> = {
  running: 'border-accent/50 bg-accent/10 text-fg',
  succeeded: 'border-success/50 bg-success/10 text-fg',
  failed: 'border-danger/50 bg-danger/10 text-fg',
  stale: 'border-border bg-surface-2 text-muted',
};
const STATE_DOT: Record<ReturnType<typeof runState>, string> = {
  running: 'bg-accent animate-pulse',
  succeeded: 'bg-success',
  failed: 'bg-danger',
  stale: 'bg-muted',
};

export function RunStatusBadge({ run, staleMs, testId = 'price-run-status' }: { run: Pick<PriceRun, 'status' | 'startedAt'>; staleMs?: number; testId?: string }) {
  const { t } = useTranslation(['admin', 'pages']);
  const state = runState(run, staleMs);
  return (
    <Badge className={cn('gap-1.5 whitespace-nowrap', STATE_TONE[state])} data-testid={testId} data-status={state}>
      <span aria-hidden className={cn('h-1.5 w-1.5 rounded-full', STATE_DOT[state])} />
      {t(`${K}.runs.statuses.${state}`)}
    </Badge>
  );
}

/** The name of a run source, feed or market: brands as they are, the rest translated. */
export const sourceName = (t: TFunction, source: string) => t(`${K}.sources.names.${source}`, { defaultValue: source });

/** Date and time in the user's language; a UTC day (YYYY-MM-DD) as a date. */
export function useDateFormats() {
  useTranslation(); // re-renders with the language
  return {
    dateTime: (iso: string) => formatDate(iso, { dateStyle: 'short', timeStyle: 'short' }),
    day: (ymd: string) => formatDay(ymd),
  };
}

/** How long a run took: "2 min 5 s", "14 s"; null while it runs. */
export function runDuration(run: Pick<PriceRun, 'startedAt' | 'finishedAt'>, t: TFunction): string | null {
  if (!run.finishedAt) return null;
  const seconds = Math.max(0, Math.round((Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000));
  return seconds < 60 ? t(`${K}.runs.seconds`, { s: seconds }) : t(`${K}.runs.minutes`, { m: Math.floor(seconds / 60), s: seconds % 60 });
}

/**
 * What to tell the admin about a failed price call: the section's own text for the code (a file part's own when the
 * answer names one: `field`), else the app's error text.
 */
export function priceErrorText(t: TFunction, exists: (key: string) => boolean, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === 'VALIDATION_ERROR' && err.issues.some((i) => i.path === 'date')) return t(`${K}.errors.date`);
    const field = typeof err.details.field === 'string' ? err.details.field : null;
    const missing = Array.isArray(err.details.missing) ? err.details.missing.join(', ') : '';
    const line = typeof err.details.line === 'number' ? err.details.line : '';
    for (const key of [field === 'products' ? `${K}.errors.${err.code}_products` : null, `${K}.errors.${err.code}`]) {
      if (key && exists(key)) return t(key, { missing, line });
    }
  }
  return errorText(err, 'admin:admin.prices.errors.generic');
}

/** A titled block of the price section. */
export function PriceSection({ id, title, lead, actions, children, testId }: { id: string; title: string; lead?: ReactNode; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-4" data-testid={testId}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          {lead && <p className="mt-0.5 max-w-3xl text-sm text-muted">{lead}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** A count of a run in the user's language: muted when zero, bold when `strong` and not zero. */
export function Count({ value, strong }: { value: number; strong?: boolean }) {
  return <span className={cn('tabular-nums', value === 0 && 'text-muted', strong && value > 0 && 'font-semibold')}>{formatNumber(value)}</span>;
}
