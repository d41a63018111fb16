import { Check } from 'lucide-react';
import { DropdownMenu as RMenu } from 'radix-ui';
import { useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { choiceIndicator, choiceItem, popoverSurface } from './styles';

interface MenuChoice {
  value: string;
  label: ReactNode;
}

export interface ChoiceMenuProps {
  trigger: ReactNode;
  label: string;
  value: string;
  choices: MenuChoice[];
  onChange: (value: string) => void;
  className?: string;
}

/** What the live menu needs besides the props: how it was opened (a key focuses the checked choice). */
export type LiveChoiceMenuProps = ChoiceMenuProps & { byKey: boolean; triggerClass: string };

/** The Radix menu of a ChoiceMenu (choice-menu.tsx), mounted open by its first use. */
export function LiveChoiceMenu({ trigger, label, value, choices, onChange, byKey, triggerClass }: LiveChoiceMenuProps) {
  const [open, setOpen] = useState(true);
  // Opened by a key before Radix was there to see it: once the list is in the page (Radix's portal mounts it a render
  // later) and Radix has focused it, focus the checked choice instead, as a keyboard user expects.
  const byKeyNow = useRef(byKey);
  const content = (list: HTMLDivElement | null) => {
    if (!list || !byKeyNow.current) return;
    byKeyNow.current = false;
    setTimeout(() => (list.querySelector<HTMLElement>('[role="menuitemradio"][aria-checked="true"]') ?? list.querySelector<HTMLElement>('[role="menuitemradio"]'))?.focus({ preventScroll: true }), 0);
  };
  return (
    <RMenu.Root
      open={open}
      onOpenChange={setOpen}
    >
      <RMenu.Trigger aria-label={label} title={label} className={triggerClass}>
        {trigger}
      </RMenu.Trigger>
      <RMenu.Portal>
        <RMenu.Content
          align="end"
          sideOffset={6}
          className={cn(popoverSurface, 'max-h-[70vh] min-w-44 overflow-y-auto p-1')}
          ref={content}
        >
          <RMenu.Label className="px-2 py-1.5 text-xs font-semibold uppercase tracking-wide text-muted">{label}</RMenu.Label>
          <RMenu.RadioGroup value={value} onValueChange={onChange}>
            {choices.map((c) => (
              <RMenu.RadioItem key={c.value} value={c.value} className={choiceItem}>
                <RMenu.ItemIndicator className={choiceIndicator}>
                  <Check className="h-4 w-4" aria-hidden />
                </RMenu.ItemIndicator>
                {c.label}
              </RMenu.RadioItem>
            ))}
          </RMenu.RadioGroup>
        </RMenu.Content>
      </RMenu.Portal>
    </RMenu.Root>
  );
}
