import { cn } from '@/lib/cn';

/** A spinning ring with what it waits for, for screen readers. */
export function Spinner({ className, label }: { className?: string; label: string }) {
  return (
    <span role="status" aria-label={label} className={cn('inline-block h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent', className)} />
  );
}
