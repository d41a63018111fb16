import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

/**
 * The handlers of a stand-in trigger (an idle select or menu, drawn before Radix's is mounted) that open it the way
 * Radix's trigger would: a mouse on press, a touch on its click (so a finger scrolling the page opens nothing), and
 * the given keys. `open` is told whether a key did it (a menu then focuses its checked choice).
 */
export function useOpenOnUse(open: (byKey: boolean) => void, keys: ReadonlySet<string>) {
  const pointerType = useRef('');
  return {
    onPointerDown(event: PointerEvent) {
      pointerType.current = event.pointerType;
      if (event.pointerType === 'mouse' && event.button === 0 && !event.ctrlKey) {
        event.preventDefault();
        open(false);
      }
    },
    onClick() {
      if (pointerType.current !== 'mouse') open(false);
    },
    onKeyDown(event: KeyboardEvent) {
      if (keys.has(event.key)) {
        event.preventDefault();
        open(true);
      }
    },
  };
}
