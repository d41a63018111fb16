import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

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

/**
 * A part's code fetched once, whoever asks first (a failed fetch is asked again next time). `preload` fetches it
 * ahead (on hover, focus or idle) and ignores a failure: the use that needs it will ask again.
 */
export function partLoader<C>(load: () => Promise<C>) {
  let part: Promise<C> | null = null;
  const get = () =>
    (part ??= load().catch((err: unknown) => {
      part = null;
      throw err;
    }));
  return { load: get, preload: () => void get().catch(() => undefined) };
}

/**
 * A stand-in's live part (Radix's select, menu or dialog), mounted on first use: `mount(byKey)` fetches its code
 * (once, however often it is called meanwhile) and then gives `live` the component and whether a key opened it.
 * Until then `live` is null and the stand-in is drawn.
 */
export function useLiveOnUse<C>(load: () => Promise<C>) {
  const [live, setLive] = useState<{ component: C; byKey: boolean } | null>(null);
  const opening = useRef(false);
  const mount = useCallback(
    (byKey: boolean) => {
      if (opening.current) return;
      opening.current = true;
      void load().then(
        (component) => setLive({ component, byKey }),
        () => {
          opening.current = false;
        },
      );
    },
    [load],
  );
  return { live, mount };
}
