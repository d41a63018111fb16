import { Check, ChevronDown } from 'lucide-react';
import { Select as RSelect } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { choiceIndicator, choiceItem, popoverSurface } from './styles';

export interface SelectOption {
  value: string;
  label: ReactNode;
  /** Text shown in the closed trigger when it differs from the label. */
  short?: ReactNode;
}

export interface SelectProps {
  value: string;
  onValueChange: (value: string) => void;
  options: SelectOption[];
  label: string;
  id?: string;
  className?: string;
  compact?: boolean;
  placeholder?: string;
  disabled?: boolean;
}

/** The Radix select of a Select (select.tsx), mounted open by its first use. */
export function LiveSelect({ value, onValueChange, options, label, id, placeholder, disabled, triggerClass }: SelectProps & { triggerClass: string }) {
  const [open, setOpen] = useState(true);
  const current = options.find((o) => o.value === value);
  return (
    <RSelect.Root value={value} onValueChange={onValueChange} disabled={disabled} open={open} onOpenChange={setOpen}>
      <RSelect.Trigger id={id} aria-label={label} className={triggerClass}>
        <span className="min-w-0 truncate text-left">
          <RSelect.Value placeholder={placeholder}>{current?.short ?? current?.label}</RSelect.Value>
        </span>
        <RSelect.Icon>
          <ChevronDown className="h-4 w-4 opacity-60" aria-hidden />
        </RSelect.Icon>
      </RSelect.Trigger>
      {open && (
        <RSelect.Portal>
          <RSelect.Content
            position="popper"
            sideOffset={4}
            className={cn(popoverSurface, 'max-h-[min(24rem,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)] overflow-hidden')}
          >
            <RSelect.Viewport className="p-1">
              {options.map((o) => (
                <RSelect.Item key={o.value} value={o.value} className={choiceItem}>
                  <RSelect.ItemIndicator className={choiceIndicator}>
                    <Check className="h-4 w-4" aria-hidden />
                  </RSelect.ItemIndicator>
                  <RSelect.ItemText>{o.label}</RSelect.ItemText>
                </RSelect.Item>
              ))}
            </RSelect.Viewport>
          </RSelect.Content>
        </RSelect.Portal>
      )}
    </RSelect.Root>
  );
}
