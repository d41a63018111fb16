import type { KeyboardEvent } from 'react';

const NEXT = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS = new Set(['ArrowLeft', 'ArrowUp']);

/**
 * A keyboard step within a group of options (tabs, radio buttons): the option an arrow key, Home or End moves to from
 * the focused one, wrapping around, focused; null for any other key. `keys` narrows the arrows (tabs in a row take
 * left and right only). The caller chooses the option it answers (automatic activation).
 */
export function roveFocus(event: KeyboardEvent<HTMLElement>, selector: string, keys: 'row' | 'any' = 'any'): HTMLElement | null {
  const { key } = event;
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return null;
  const next = keys === 'row' ? key === 'ArrowRight' : NEXT.has(key);
  const previous = keys === 'row' ? key === 'ArrowLeft' : PREVIOUS.has(key);
  if (!next && !previous && key !== 'Home' && key !== 'End') return null;
  const options = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(selector));
  const from = options.indexOf(document.activeElement as HTMLElement);
  if (from < 0 || !options.length) return null;
  const n = options.length;
  const to = key === 'Home' ? 0 : key === 'End' ? n - 1 : next ? (from + 1) % n : (from - 1 + n) % n;
  event.preventDefault();
  const target = options[to]!;
  target.focus();
  return target;
}
