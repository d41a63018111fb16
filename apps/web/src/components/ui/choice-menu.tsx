import type { ComponentType } from 'react';
import { cn } from '@/lib/cn';
import { partLoader, useLiveOnUse, useOpenOnUse } from './open-on-use';
import type { ChoiceMenuProps, LiveChoiceMenuProps } from './choice-menu-radix';

export type { ChoiceMenuProps } from './choice-menu-radix';

/** Keys that open a closed menu from its trigger (as Radix DropdownMenu's trigger does). */
const OPEN_KEYS = new Set([' ', 'Enter', 'ArrowDown']);

const triggerClass = (className: string | undefined) =>
  cn('inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm text-fg hover:bg-surface-2 data-[state=open]:bg-surface-2 cursor-pointer', className);

/** The Radix menu's code (and Radix's), fetched once: on hover or focus ahead of a press, or by the press itself. */
const livePart = partLoader(() => import('./choice-menu-radix').then((m): ComponentType<LiveChoiceMenuProps> => m.LiveChoiceMenu));

/**
 * A header-style picker: a trigger button and a list of radio choices.
 *
 * Until first used it is a plain button drawn like Radix's menu trigger (same role, attributes and look), and Radix's
 * code is not even loaded: the header's four pickers would otherwise bring all of Radix's menus into every first
 * visit's JavaScript, and each mounted Radix menu re-renders synchronously right after hydration. A press (mouse), a
 * tap's click or an opening key loads it (already fetched on hover or focus) and mounts the Radix menu, open, in the
 * same place; from then on it is Radix's.
 */
export function ChoiceMenu(props: ChoiceMenuProps) {
  const { live, mount } = useLiveOnUse(livePart.load);
  const openers = useOpenOnUse(mount, OPEN_KEYS);
  if (live) return <live.component {...props} byKey={live.byKey} triggerClass={triggerClass(props.className)} />;

  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={triggerClass(props.className)}
      onPointerEnter={livePart.preload}
      onFocus={livePart.preload}
      {...openers}
    >
      {props.trigger}
    </button>
  );
}
