import { startTransition, useEffect, useState, type RefObject } from 'react';

/**
 * True once the element comes within `ahead` of the screen (an IntersectionObserver's root margin, e.g. "600px 0px"),
 * and from then on. It starts false on the server and in hydration, so both draw the same; it turns true in a
 * transition, which React may slice. Without IntersectionObserver (old browsers, tests) it turns true once `enabled`.
 * The element must be mounted by the time `enabled` turns true (watching starts then).
 */
export function useNearScreen(ref: RefObject<Element | null>, { ahead, enabled = true }: { ahead: string; enabled?: boolean }): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !enabled) return;
    const come = () => startTransition(() => setNear(true));
    if (typeof IntersectionObserver === 'undefined') return come();
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && come(), { rootMargin: ahead });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, ahead, enabled, near]);
  return near;
}
