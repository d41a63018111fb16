import { formatPercent } from '@/lib/format';

/** A labelled progress bar in percent, with what is happening and the figure above it. */
export function ProgressBar({ percent, status, label, testId }: { percent: number; status: string; label: string; testId?: string }) {
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      <div className="flex justify-between text-xs text-muted">
        <span>{status}</span>
        <span className="tabular-nums">{formatPercent(percent / 100, undefined, { maximumFractionDigits: 0 })}</span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-surface-2" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={label}>
        <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
