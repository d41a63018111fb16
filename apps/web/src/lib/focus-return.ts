import { useLayoutEffect, useRef } from 'react';

/**
 * Focus goes back to the control that opened a dialog or sheet when it closes. Radix does that only for its own
 * Dialog.Trigger; ours are opened by ordinary buttons and menu items (a controlled `open`), and focus fell to the page.
 *
 * The opener is the element focused when the dialog opens; when that is the page itself (a menu item that opened it
 * was removed with its menu in the same render), the element focused last. An item of a menu stands for the menu's
 * trigger (the item is gone once the menu closes).
 */
let lastFocused: Element | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (e) => {
    if (e.target instanceof Element) lastFocused = e.target;
  });
}

/** The control to return to for an element that had focus: itself, or the trigger of the menu holding it. */
function openerOf(element: Element | null): HTMLElement | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const menu = element.closest('[role="menu"]');
  if (menu?.id) {
    const trigger = document.querySelector(`[aria-controls="${CSS.escape(menu.id)}"]`);
    return trigger instanceof HTMLElement ? trigger : null;
  }
  return element;
}

/** How to find a control again when it was drawn anew while the dialog was open (same test id or id). */
const selectorOf = (el: HTMLElement) => (el.dataset.testid ? `[data-testid="${CSS.escape(el.dataset.testid)}"]` : el.id ? `#${CSS.escape(el.id)}` : null);

/**
 * For a controlled Radix dialog: pass the returned handler as the content's `onCloseAutoFocus`. It focuses the
 * opener (or the control drawn in its place), else leaves Radix's default.
 */
export function useFocusReturn(open: boolean) {
  const opener = useRef<{ element: HTMLElement; selector: string | null } | null>(null);
  // A layout effect runs before Radix moves focus into the dialog (in its own effects).
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    const element = openerOf(active && active !== document.body ? active : lastFocused);
    opener.current = element ? { element, selector: selectorOf(element) } : null;
  }, [open]);
  return (event: Event) => {
    const from = opener.current;
    opener.current = null;
    if (!from) return;
    const target = from.element.isConnected ? from.element : from.selector ? document.querySelector<HTMLElement>(from.selector) : null;
    if (!target) return;
    event.preventDefault();
    target.focus({ preventScroll: true });
  };
}
