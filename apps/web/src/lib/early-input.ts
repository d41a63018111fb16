/**
 * Input kept by public/preferences-init.js while a page the server drew waited for the app: a tap on one of its
 * controls, a form's submission. The app replays it once the page is hydrated (app/boot.tsx), so that the first tap
 * on a page that looked ready is not lost.
 */
interface EarlyInput {
  type: 'click' | 'submit';
  target: Element;
}

declare global {
  interface Window {
    __earlyInput?: EarlyInput[];
  }
}

const hasPointerEvents = () => typeof PointerEvent === 'function';
const press = (type: string, buttons: number): MouseEvent => {
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, buttons };
  return type.startsWith('pointer') && hasPointerEvents()
    ? new PointerEvent(type, { ...init, pointerType: 'mouse', isPrimary: true })
    : new MouseEvent(type.replace('pointer', 'mouse'), init);
};

/**
 * Whether React has hydrated this element: it tags each element it adopts with its fiber (a `__reactFiber$…` key). A
 * part of the page still waiting for its code or texts (a Suspense boundary) stays the server's untouched HTML a while
 * after the first commit, and React drops a click on it (React 19 no longer replays such events).
 */
const hydratedByReact = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

/** How long a kept tap waits for its part of the page to be hydrated before it is dropped. */
const MAX_WAIT_MS = 10_000;
const STEP_MS = 50;

function replayOne({ type, target }: EarlyInput) {
  if (type === 'submit') {
    if (target instanceof HTMLFormElement) target.requestSubmit();
    return;
  }
  for (const [name, buttons] of [['pointerdown', 1], ['mousedown', 1], ['pointerup', 0], ['mouseup', 0]] as const) {
    // Without pointer events (an old engine) the pointer presses are sent as the mouse ones.
    if (name.startsWith('mouse') && !hasPointerEvents()) continue;
    target.dispatchEvent(press(name, buttons));
  }
  if (target instanceof HTMLElement) target.click();
}

/**
 * Replays the kept input, in order, each on what it was aimed at once React has hydrated it (hydration keeps the
 * server's elements; one drawn again in the browser, or never hydrated within MAX_WAIT_MS, drops its input). A tap as
 * the browser makes one — the presses, then the click — since menus, selects and tabs open on the press and buttons act
 * on the click; a form is submitted again. Once: the list is emptied. Resolves to the number replayed.
 */
export async function replayEarlyInput(win: Window = window, maxWaitMs = MAX_WAIT_MS): Promise<number> {
  const kept = win.__earlyInput?.splice(0) ?? [];
  let replayed = 0;
  for (const input of kept) {
    const deadline = Date.now() + maxWaitMs;
    while (input.target.isConnected && !hydratedByReact(input.target) && Date.now() < deadline) {
      await new Promise((resolve) => win.setTimeout(resolve, STEP_MS));
    }
    if (!input.target.isConnected || !hydratedByReact(input.target)) continue;
    replayOne(input);
    replayed++;
  }
  return replayed;
}
