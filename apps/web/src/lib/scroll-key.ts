import type { Location } from 'react-router';

/**
 * Where a page's scroll position is kept: per history entry (back/forward restores it), except that every full page
 * load is the entry "default" — keyed by its address instead, so a new page opens at the top rather than at the
 * last loaded page's position, and a reload of the same address still restores.
 */
export const scrollKey = (location: Pick<Location, 'key' | 'pathname' | 'search'>) =>
  location.key === 'default' ? `load:${location.pathname}${location.search}` : location.key;
