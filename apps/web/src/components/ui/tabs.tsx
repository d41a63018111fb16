import { createContext, useContext, useId, useState, type ComponentPropsWithoutRef, type KeyboardEvent, type ReactNode } from 'react';
import { roveFocus } from './roving';

/**
 * Accessible tabs (WAI-ARIA tabs pattern, automatic activation) with Radix Tabs' parts and props: `Tabs.Root`,
 * `Tabs.List`, `Tabs.Trigger`, `Tabs.Content`, the same roles, ids, `data-state` and keyboard (arrows, Home, End).
 *
 * Radix's tabs keep their roving focus and presence in state set from layout effects and stores, which re-render
 * synchronously straight after hydration and pull every passive effect of the page into the hydrating task (issue 17,
 * Lighthouse). These keep no state but the chosen tab: the focusable tab is the chosen one, and an arrow key moves the
 * focus and the choice together.
 */

interface TabsState {
  value: string;
  select: (value: string) => void;
  id: (part: 'trigger' | 'content', value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts belong inside Tabs.Root');
  return state;
}

interface RootProps extends Omit<ComponentPropsWithoutRef<'div'>, 'defaultValue' | 'onChange'> {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  children: ReactNode;
}

function Root({ value, defaultValue = '', onValueChange, children, ...props }: RootProps) {
  const base = useId();
  const [own, setOwn] = useState(defaultValue);
  const current = value ?? own;
  const state: TabsState = {
    value: current,
    select: (next) => {
      if (next === current) return;
      if (value === undefined) setOwn(next);
      onValueChange?.(next);
    },
    id: (part, v) => `${base}-${part}-${v}`,
  };
  return (
    <TabsContext.Provider value={state}>
      <div data-orientation="horizontal" {...props}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

function List({ onKeyDown, ...props }: ComponentPropsWithoutRef<'div'>) {
  const { select } = useTabs();
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const to = roveFocus(event, '[role="tab"]:not(:disabled)', 'row');
    if (to?.dataset.value) select(to.dataset.value);
  };
  return <div role="tablist" aria-orientation="horizontal" data-orientation="horizontal" onKeyDown={move} {...props} />;
}

interface TriggerProps extends ComponentPropsWithoutRef<'button'> {
  value: string;
}

function Trigger({ value, onClick, ...props }: TriggerProps) {
  const tabs = useTabs();
  const chosen = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.id('trigger', value)}
      aria-selected={chosen}
      aria-controls={tabs.id('content', value)}
      data-state={chosen ? 'active' : 'inactive'}
      data-orientation="horizontal"
      data-value={value}
      tabIndex={chosen ? 0 : -1}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      {...props}
    />
  );
}

interface ContentProps extends ComponentPropsWithoutRef<'div'> {
  value: string;
}

/** The panel of one tab; its children are drawn only while it is chosen (as Radix does without `forceMount`). */
function Content({ value, children, ...props }: ContentProps) {
  const tabs = useTabs();
  const chosen = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={tabs.id('content', value)}
      aria-labelledby={tabs.id('trigger', value)}
      data-state={chosen ? 'active' : 'inactive'}
      data-orientation="horizontal"
      hidden={!chosen}
      tabIndex={0}
      {...props}
    >
      {chosen && children}
    </div>
  );
}

export const Tabs = { Root, List, Trigger, Content };
