import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * Lazy parts a server-drawn page may contain, each with the narrowest viewport that shows it. app/boot.tsx loads
 * those that the page shows before it hydrates the page: a part whose code is not there at hydration stays
 * un-hydrated until its code arrives, and a click on it meanwhile is lost (React cannot hydrate it at once).
 */
const forHydration = new Set<{ minWidth: number; signedInOnly: boolean; preload: () => Promise<unknown> }>();

/** Loads the code of every registered part shown at this viewport width (the signed-in users' parts for them only). */
export function preloadForHydration(viewportWidth: number, signedIn: boolean): Promise<unknown> {
  return Promise.all(
    [...forHydration].filter((part) => viewportWidth >= part.minWidth && (signedIn || !part.signedInOnly)).map((part) => part.preload().catch(() => undefined)),
  );
}

/**
 * Like React.lazy (inside a Suspense boundary), and drawn at once when its code was loaded before (`preload`, the
 * server's second drawing of a page): no suspending, so a server-drawn page hydrates it with the rest.
 * `minWidth`: the viewport width from which a page shows it (0: always); `minWidth: null` for a part only signed-in users see:
 * loaded for hydration only on a page drawn for a signed-in user (ADR 026), and by `preload` (a route's loader).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>, minWidth: number | null = 0) {
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  forHydration.add({ minWidth: minWidth ?? 0, signedInOnly: minWidth === null, preload });

  function Preloadable(props: P) {
    // Fixed for the life of this instance: switching from the lazy wrapper to the component would remount it.
    const [direct] = useState(() => loaded);
    return direct ? createElement(direct, props) : createElement(Lazy as ComponentType<P>, props);
  }
  Preloadable.preload = preload;
  return Preloadable;
}
