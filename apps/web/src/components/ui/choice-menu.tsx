import { useRef, useState, type ComponentType } from 'react';
import { cn } from '@/lib/cn';
import { useOpenOnUse } from './open-on-use';
import type { ChoiceMenuProps, LiveChoiceMenuProps } from './choice-menu-live';

export type { ChoiceMenuProps, MenuChoice } from './choice-menu-live';

/** Keys that open a closed menu from its trigger (as Radix DropdownMenu's trigger does). */
const OPEN_KEYS = new Set([' ', 'Enter', 'ArrowDown']);

const triggerClass = (className: string | undefined) =>
  cn('inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm text-fg hover:bg-surface-2 data-[state=open]:bg-surface-2 cursor-pointer', className);

let live: Promise<ComponentType<LiveChoiceMenuProps>> | null = null;
/** The Radix menu's code (and Radix's), fetched once: on hover or focus ahead of a press, or by the press itself. */
const loadLive = () => (live ??= import('./choice-menu-live').then((m) => m.LiveChoiceMenu));

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
  const [Live, setLive] = useState<{ component: ComponentType<LiveChoiceMenuProps>; byKey: boolean } | null>(null);
  const opening = useRef(false);
  const openers = useOpenOnUse((byKey) => {
    if (opening.current) return;
    opening.current = true;
    void loadLive().then(
      (component) => setLive({ component, byKey }),
      () => {
        opening.current = false;
      },
    );
  }, OPEN_KEYS);
  if (Live) return <Live.component {...props} byKey={Live.byKey} triggerClass={triggerClass(props.className)} />;

  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={triggerClass(props.className)}
      onPointerEnter={() => void loadLive().catch(() => undefined)}
      onFocus={() => void loadLive().catch(() => undefined)}
      {...openers}
    >
      {props.trigger}
    </button>
  );
}
