import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A small bordered label (a plan, a count, a state). */
export function Badge({ children, className, ...props }: { children: ReactNode } & HTMLAttributes<HTMLSpanElement> & { 'data-testid'?: string }) {
  return (
    <span {...props} className={cn('inline-flex items-center rounded-md border border-border bg-surface-2 px-2 py-0.5 text-xs font-medium text-fg', className)}>
      {children}
    </span>
  );
}
