/**
 * Input kept by public/preferences-init.js while a page the server drew waited for the app: a tap on one of its
 * controls, a form's submission, the text typed into a field. The app replays it once the page is hydrated
 * (app/boot.tsx), so that the first tap on a page that looked ready is not lost.
 */
interface EarlyInput {
  type: 'click' | 'submit' | 'input';
  target: Element;
  /** For 'input': the field's last value. */
  value?: string;
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

/** The parts of a React fiber read here (react-dom's own names). */
interface Fiber {
  tag: number;
  flags: number;
  alternate: Fiber | null;
  return: Fiber | null;
}
/** react-dom's fiber flags Placement | Hydrating, and the tag of the root fiber. */
const PLACED_OR_HYDRATING = 4098;
const HOST_ROOT = 3;

/**
 * Whether React has hydrated this element and committed it, so that it dispatches a click on it: the test react-dom
 * applies to every event's target (its `getNearestMountedFiber`), on the fiber React tags each element with (a
 * `__reactFiber$…` key). React tags an element while it renders the part holding it — a part waiting for its code or
 * texts may be rendered, abandoned and rendered again — and drops a click on one not yet committed (React 19 no longer
 * replays such events). Internal names: the unit test hydrates a real element, so an upgrade that changes them fails.
 */
function committedByReact(element: Element): boolean {
  const key = Object.keys(element).find((k) => k.startsWith('__reactFiber$'));
  const fiber = key ? (element as unknown as Record<string, Fiber | undefined>)[key] : undefined;
  if (!fiber) return false;
  let nearest: Fiber | null = fiber;
  let node = fiber;
  for (let next: Fiber | null = node; next && !next.alternate; next = node.return) {
    node = next;
    if ((node.flags & PLACED_OR_HYDRATING) !== 0) nearest = node.return;
  }
  while (node.return) node = node.return;
  return node.tag === HOST_ROOT && nearest === fiber;
}

/** The main thread's next idle moment (Safari has no idle callbacks: a short pause there). */
const idle = (win: Window) =>
  new Promise<void>((resolve) => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => resolve(), { timeout: 1_000 });
    else win.setTimeout(resolve, 100);
  });

/** How long a kept tap waits for its part of the page to be hydrated before it is dropped. */
const MAX_WAIT_MS = 10_000;
const STEP_MS = 50;

function replayOne({ type, target, value }: EarlyInput) {
  if (type === 'input') {
    if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
    // Through the element's own setter, as typing does; and React's record of the field's last value (its
    // `_valueTracker`, as testing libraries set it) made to differ, since hydration may have left the typed text in
    // place: React then sees a change and runs the field's onChange.
    const text = value ?? '';
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target) as object, 'value')?.set;
    setter?.call(target, text);
    (target as unknown as { _valueTracker?: { setValue(v: string): void } })._valueTracker?.setValue(`${text}\u0000`);
    target.dispatchEvent(new Event('input', { bubbles: true }));
    return;
  }
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
 * on the click; a form is submitted again; a field gets its typed text back, as typing sets it. Once: the list is
 * emptied. Resolves to the number replayed.
 */
export async function replayEarlyInput(win: Window = window, maxWaitMs = MAX_WAIT_MS): Promise<number> {
  const kept = win.__earlyInput?.splice(0) ?? [];
  let replayed = 0;
  for (const input of kept) {
    const deadline = Date.now() + maxWaitMs;
    while (input.target.isConnected && !committedByReact(input.target) && Date.now() < deadline) {
      await new Promise((resolve) => win.setTimeout(resolve, STEP_MS));
    }
    if (!input.target.isConnected || !committedByReact(input.target)) continue;
    // Committed, its effects may still be to run (one may set a field from the address, say): the main thread's
    // next idle moment first.
    await idle(win);
    if (!input.target.isConnected) continue;
    try {
      replayOne(input);
      replayed++;
    } catch {
      // A control that refuses it now (a field whose type changed, a form gone invalid): that input is dropped.
    }
  }
  return replayed;
}
