import { ChevronDown } from 'lucide-react';
import type { ComponentType } from 'react';
import { cn } from '@/lib/cn';
import { partLoader, useLiveOnUse, useOpenOnUse } from './open-on-use';
import type { SelectProps } from './select-radix';

type LiveProps = SelectProps & { triggerClass: string };

export type { SelectOption } from './select-radix';

/** Keys that open a closed select from its trigger (as Radix Select's trigger does). */
const OPEN_KEYS = new Set([' ', 'Enter', 'ArrowUp', 'ArrowDown']);

const triggerClass = (compact: boolean | undefined, className: string | undefined) =>
  cn(
    'inline-flex items-center justify-between gap-2 rounded-lg border border-border bg-surface text-sm text-fg hover:bg-surface-2 cursor-pointer disabled:cursor-not-allowed disabled:opacity-60',
    compact ? 'h-9 px-2.5' : 'h-10 px-3',
    className,
  );

/** Radix's select (and Radix's code), fetched once: on hover or focus ahead of a press, or by the press itself. */
const livePart = partLoader(() => import('./select-radix').then((m): ComponentType<LiveProps> => m.LiveSelect));

/**
 * Radix select with a visible focus ring; `label` names it for screen readers.
 *
 * Until it is first used, it is a plain button drawn like Radix's trigger (same element, role, attributes and text),
 * and Radix's code is not even loaded (select-radix.tsx): a page whose only Radix parts are its selects (the library,
 * a shared binder) would otherwise download and run all of Radix before it hydrates, and a mounted Radix select sets
 * its own state from layout effects and ref callbacks (trigger, value node, popper), each a synchronous re-render
 * right after the page hydrates; a binder page's six selects cost a phone ~80 ms in one task. The first press, click
 * or opening key loads it (already fetched on hover or focus) and mounts Radix, open, where the button was.
 *
 * The options are rendered only while the list is open: the trigger shows the chosen label itself, and a closed
 * Radix select would otherwise render every option into a detached fragment on every render (a binder page has
 * two selects per row, the library's filters a hundred set names).
 */
export function Select(props: SelectProps) {
  const { live, mount } = useLiveOnUse(livePart.load);
  return live ? <live.component {...props} triggerClass={triggerClass(props.compact, props.className)} /> : <IdleSelect {...props} onOpen={() => mount(false)} />;
}

function IdleSelect({ value, options, label, id, className, compact, placeholder, disabled, onOpen }: SelectProps & { onOpen: () => void }) {
  const openers = useOpenOnUse(onOpen, OPEN_KEYS);
  const current = options.find((o) => o.value === value);
  return (
    <button
      type="button"
      role="combobox"
      id={id}
      aria-label={label}
      aria-expanded={false}
      aria-autocomplete="none"
      disabled={disabled}
      data-state="closed"
      data-placeholder={current ? undefined : ''}
      className={triggerClass(compact, className)}
      onPointerEnter={livePart.preload}
      onFocus={livePart.preload}
      {...openers}
    >
      <span className="min-w-0 truncate text-left">
        <span style={{ pointerEvents: 'none' }}>{current?.short ?? current?.label ?? placeholder}</span>
      </span>
      <span aria-hidden>
        <ChevronDown className="h-4 w-4 opacity-60" aria-hidden />
      </span>
    </button>
  );
}

/** A Select with its label shown above it, laid out like the text fields of a form. */
export function SelectField({ className, ...props }: SelectProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <span className="text-sm font-medium" aria-hidden>
        {props.label}
      </span>
      <Select {...props} />
    </div>
  );
}
