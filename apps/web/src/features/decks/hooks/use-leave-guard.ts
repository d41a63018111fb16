import { useEffect, type RefObject } from 'react';
import { useBlocker } from 'react-router';

/**
 * Leaving with unsaved changes asks first: in-app navigation to another page is blocked (the returned blocker
 * drives the dialog) and closing the tab asks through beforeunload. Nothing is asked while a save is running.
 */
export function useLeaveGuard(dirty: boolean, saving: RefObject<boolean>) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !saving.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}
