import { Check } from 'lucide-react';
import { DropdownMenu as RMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { choiceIndicator, choiceItem, popoverSurface } from './styles';

export interface MenuChoice {
  value: string;
  label: ReactNode;
}

/** A header-style picker: a trigger button and a list of radio choices. */
export function ChoiceMenu({
  trigger,
  label,
  value,
  choices,
  onChange,
  className,
}: {
  trigger: ReactNode;
  label: string;
  value: string;
  choices: MenuChoice[];
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <RMenu.Root>
      <RMenu.Trigger
        aria-label={label}
        title={label}
        className={cn(
          'inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm text-fg hover:bg-surface-2 data-[state=open]:bg-surface-2 cursor-pointer',
          className,
        )}
      >
        {trigger}
      </RMenu.Trigger>
      <RMenu.Portal>
        <RMenu.Content
          align="end"
          sideOffset={6}
          className={cn(popoverSurface, 'max-h-[70vh] min-w-44 overflow-y-auto p-1')}
        >
          <RMenu.Label className="px-2 py-1.5 text-xs font-semibold uppercase tracking-wide text-muted">{label}</RMenu.Label>
          <RMenu.RadioGroup value={value} onValueChange={onChange}>
            {choices.map((c) => (
              <RMenu.RadioItem
                key={c.value}
                value={c.value}
                className={choiceItem}
              >
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
