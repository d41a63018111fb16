/** Class names shared by the owned Radix components, so menus and selects look and behave alike. */
export const popoverSurface = 'z-50 rounded-lg border border-border bg-surface text-fg shadow-xl';
export const choiceItem =
  'relative flex cursor-pointer select-none items-center gap-2 rounded-md py-2 pl-8 pr-3 text-sm outline-none data-[highlighted]:bg-surface-2';
export const choiceIndicator = 'absolute left-2';
