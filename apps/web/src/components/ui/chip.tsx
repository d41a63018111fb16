import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A toggle chip for multi-select filters; aria-pressed tells its state. */
export function Chip({
  pressed,
  onPressedChange,
  children,
  className,
  title,
}: {
  pressed: boolean;
  onPressedChange: (pressed: boolean) => void;
  children: ReactNode;
  className?: string;
  title?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      title={title}
      onClick={() => onPressedChange(!pressed)}
      className={cn(
        'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-full border px-3 text-xs font-medium transition-colors',
        pressed ? 'border-accent bg-accent text-accent-fg' : 'border-border bg-surface text-fg hover:bg-surface-2',
        className,
      )}
    >
      {children}
    </button>
  );
}
