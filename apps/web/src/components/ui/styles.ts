/** Class names shared by the owned Radix components, so menus and selects look and behave alike. */
export const popoverSurface = 'z-50 rounded-lg border border-border bg-surface text-fg shadow-xl';
export const choiceItem =
  'relative flex cursor-pointer select-none items-center gap-2 rounded-md py-2 pl-8 pr-3 text-sm outline-none data-[highlighted]:bg-surface-2';
export const choiceIndicator = 'absolute left-2';

/** A trigger of a segmented tab list (Radix Tabs): the active tab is raised on the list's tinted track. */
export const tabTrigger =
  'h-9 shrink-0 cursor-pointer whitespace-nowrap rounded-md px-3 text-sm font-medium text-muted hover:text-fg data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow-sm';
/** The track the tab triggers sit on. */
export const tabList = 'inline-flex w-fit max-w-full gap-1 overflow-x-auto rounded-lg bg-surface-2 p-1';
/** A plain (not checkable) item of a dropdown menu. */
export const menuItem = 'flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2';
/** A radio choice drawn as a card (category, import mode, export format): outlined, filled with the accent when checked. */
export const choiceCard =
  'cursor-pointer rounded-xl border border-border text-left outline-none transition-colors hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-accent data-[state=checked]:border-accent data-[state=checked]:bg-accent/10';

/**
 * A table that turns into a card per row under 640 px instead of scrolling sideways: its header row stays for screen
 * readers only, and each cell shows its column's name (the cell's data-label) before its value.
 */
export const stackedTable = {
  table: 'w-full text-left text-sm max-sm:block',
  head: 'max-sm:sr-only',
  body: 'max-sm:block',
  row: 'max-sm:block max-sm:px-4 max-sm:py-3',
  cell: 'max-sm:flex max-sm:min-h-8 max-sm:items-center max-sm:justify-between max-sm:gap-4 max-sm:px-0! max-sm:py-1! max-sm:text-right max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-muted max-sm:before:content-[attr(data-label)]',
} as const;
