import { Plus } from 'lucide-react';
import { DropdownMenu as RMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { buttonClass } from './button';
import { Spinner } from './spinner';
import { choiceIndicator, choiceItem, menuItem, popoverSurface } from './styles';

/** The button that opens a Menu (Radix's trigger: give it the look, label and test id). */
export const MenuTrigger = RMenu.Trigger;

/**
 * A dropdown menu: its trigger and a list aligned to the trigger's end (pickers such as "Add to deck", the user
 * menu, row actions). Build the list from the Menu* parts below.
 */
export function Menu({
  trigger,
  className,
  sideOffset = 6,
  testId,
  children,
}: {
  trigger: ReactNode;
  className: string;
  sideOffset?: number;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <RMenu.Root>
      {trigger}
      <RMenu.Portal>
        <RMenu.Content align="end" sideOffset={sideOffset} collisionPadding={8} className={cn(popoverSurface, className)} data-testid={testId}>
          {children}
        </RMenu.Content>
      </RMenu.Portal>
    </RMenu.Root>
  );
}

/** A group's heading in a Menu (e.g. "Your decks"). */
function MenuLabel({ children }: { children: ReactNode }) {
  return <RMenu.Label className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted">{children}</RMenu.Label>;
}

export function MenuSeparator() {
  return <RMenu.Separator className="my-1 h-px bg-border" />;
}

/** A line of text that is not a choice (nothing there yet, the list did not load). */
export function MenuNote({ children }: { children: ReactNode }) {
  return <p className="px-3 py-2 text-sm text-muted">{children}</p>;
}

/** An action of a Menu. */
export function MenuItem({
  onSelect,
  disabled,
  className,
  testId,
  children,
}: {
  onSelect: () => void;
  disabled?: boolean;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <RMenu.Item className={cn(menuItem, className)} disabled={disabled} onSelect={onSelect} data-testid={testId}>
      {children}
    </RMenu.Item>
  );
}

/** A link of a Menu (its icon: + by default, as in "New deck"). */
export function MenuLink({ to, icon = <Plus className="h-4 w-4" aria-hidden />, className, children }: { to: string; icon?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <RMenu.Item asChild className={cn(menuItem, className)}>
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </RMenu.Item>
  );
}

/**
 * A group of the user's things a picker lists, loaded when the menu opens: its heading, a spinner while they load,
 * a note when they did not, one entry each, and `empty` when there are none.
 */
interface MenuQueryItemsProps<T> {
  label: ReactNode;
  query: { isPending: boolean; isError: boolean };
  items: readonly T[] | undefined;
  loadingLabel: string;
  failedText: string;
  empty: ReactNode;
  children: (item: T) => ReactNode;
}

export function MenuQueryItems<T>({ label, query, items, loadingLabel, failedText, empty, children }: MenuQueryItemsProps<T>) {
  return (
    <>
      <MenuLabel>{label}</MenuLabel>
      {query.isPending && (
        <div className="flex justify-center py-3">
          <Spinner className="h-4 w-4" label={loadingLabel} />
        </div>
      )}
      {query.isError && <MenuNote>{failedText}</MenuNote>}
      {items?.map((item) => children(item))}
      {items?.length === 0 && empty}
    </>
  );
}

/** Radio choices of a Menu (the picked one is marked with a dot). */
export const MenuRadioGroup = RMenu.RadioGroup;

export function MenuRadioItem({ value, testId, children }: { value: string; testId?: string; children: ReactNode }) {
  return (
    <RMenu.RadioItem value={value} className={choiceItem} data-testid={testId}>
      <RMenu.ItemIndicator className={choiceIndicator}>
        <span className="block h-2 w-2 rounded-full bg-accent" />
      </RMenu.ItemIndicator>
      {children}
    </RMenu.RadioItem>
  );
}

/**
 * A picker on a page ("Add to deck", "Add to binder"): a button with an icon and its text opening the user's things
 * (see MenuQueryItems) and, under them, a link to make a new one.
 */
export function PickerMenu<T>({
  icon,
  text,
  testId,
  className,
  menuTestId,
  newTo,
  newText,
  ...group
}: MenuQueryItemsProps<T> & { icon: ReactNode; text: string; testId: string; className: string; menuTestId?: string; newTo: string; newText: string }) {
  return (
    <Menu
      trigger={
        <MenuTrigger className={buttonClass('secondary', 'md')} data-testid={testId}>
          {icon}
          {text}
        </MenuTrigger>
      }
      className={className}
      testId={menuTestId}
    >
      <MenuQueryItems {...group} />
      <MenuSeparator />
      <MenuLink to={newTo}>{newText}</MenuLink>
    </Menu>
  );
}
