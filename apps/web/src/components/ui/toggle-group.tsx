import { createContext, useContext, type ComponentPropsWithoutRef, type KeyboardEvent } from 'react';
import { roveFocus } from './roving';

/**
 * A single choice among a few buttons (grid or list view…), with Radix ToggleGroup's parts and props for
 * `type="single"`: `ToggleGroup.Root` (role radiogroup) and `ToggleGroup.Item` (role radio, aria-checked,
 * `data-state` on/off). The chosen one is the one Tab reaches; arrows, Home and End move and choose. Choosing the
 * chosen one again keeps it (Radix would clear the choice).
 *
 * Radix's keeps its roving focus in a store and a collection set from effects, which re-render synchronously right
 * after hydration (as its tabs did: components/ui/tabs.tsx); this keeps no state of its own.
 */

interface GroupState {
  value: string;
  choose: (value: string) => void;
}

const GroupContext = createContext<GroupState | null>(null);

interface RootProps extends Omit<ComponentPropsWithoutRef<'div'>, 'onChange' | 'defaultValue'> {
  /** Only single choice is offered (the one kind the app uses). */
  type: 'single';
  value: string;
  onValueChange: (value: string) => void;
}

function Root({ type: _single, value, onValueChange, onKeyDown, ...props }: RootProps) {
  const choose = (next: string) => next !== value && onValueChange(next);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const to = roveFocus(event, '[role="radio"]:not(:disabled)');
    if (to?.dataset.value) choose(to.dataset.value);
  };
  return (
    <GroupContext.Provider value={{ value, choose }}>
      <div role="radiogroup" onKeyDown={move} {...props} />
    </GroupContext.Provider>
  );
}

interface ItemProps extends ComponentPropsWithoutRef<'button'> {
  value: string;
}

function Item({ value, onClick, ...props }: ItemProps) {
  const group = useContext(GroupContext);
  if (!group) throw new Error('ToggleGroup.Item belongs inside ToggleGroup.Root');
  const chosen = group.value === value;
  return (
    <button
      type="button"
      role="radio"
      aria-checked={chosen}
      data-state={chosen ? 'on' : 'off'}
      data-value={value}
      tabIndex={chosen ? 0 : -1}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) group.choose(value);
      }}
      {...props}
    />
  );
}

export const ToggleGroup = { Root, Item };
