import { Check, ChevronDown } from 'lucide-react';
import { Select as RSelect } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useOpenOnUse } from './open-on-use';
import { choiceIndicator, choiceItem, popoverSurface } from './styles';

export interface SelectOption {
  value: string;
  label: ReactNode;
  /** Text shown in the closed trigger when it differs from the label. */
  short?: ReactNode;
}

interface SelectProps {
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

/** Keys that open a closed select from its trigger (as Radix Select's trigger does). */
const OPEN_KEYS = new Set([' ', 'Enter', 'ArrowUp', 'ArrowDown']);

const triggerClass = (compact: boolean | undefined, className: string | undefined) =>
  cn(
    'inline-flex items-center justify-between gap-2 rounded-lg border border-border bg-surface text-sm text-fg hover:bg-surface-2 cursor-pointer disabled:cursor-not-allowed disabled:opacity-60',
    compact ? 'h-9 px-2.5' : 'h-10 px-3',
    className,
  );

/**
 * Radix select with a visible focus ring; `label` names it for screen readers.
 *
 * Until it is first used, it is a plain button drawn like Radix's trigger (same element, role, attributes and text):
 * a mounted Radix select sets its own state from layout effects and ref callbacks (trigger, value node, popper),
 * each a synchronous re-render right after the page hydrates; a binder page's six selects cost a phone ~80 ms in one
 * task. The first press, click or opening key mounts Radix, open, where the button was.
 *
 * The options are rendered only while the list is open: the trigger shows the chosen label itself, and a closed
 * Radix select would otherwise render every option into a detached fragment on every render (a binder page has
 * two selects per row, the library's filters a hundred set names).
 */
export function Select(props: SelectProps) {
  const [live, setLive] = useState(false);
  return live ? <LiveSelect {...props} /> : <IdleSelect {...props} onOpen={() => setLive(true)} />;
}

function IdleSelect({ value, options, label, id, className, compact, placeholder, disabled, onOpen }: SelectProps & { onOpen: () => void }) {
  const openers = useOpenOnUse(onOpen, OPEN_KEYS);
  const current = options.find((o) => o.value === value);
  return (
    <button
      type="button"
      role="combobox"
      id={id}
      aria-label={label}
      aria-expanded={false}
      aria-autocomplete="none"
      disabled={disabled}
      data-state="closed"
      data-placeholder={current ? undefined : ''}
      className={triggerClass(compact, className)}
      {...openers}
    >
      <span className="min-w-0 truncate text-left">
        <span style={{ pointerEvents: 'none' }}>{current?.short ?? current?.label ?? placeholder}</span>
      </span>
      <span aria-hidden>
        <ChevronDown className="h-4 w-4 opacity-60" aria-hidden />
      </span>
    </button>
  );
}

/** The Radix select, mounted open (IdleSelect's first use). */
function LiveSelect({ value, onValueChange, options, label, id, className, compact, placeholder, disabled }: SelectProps) {
  const [open, setOpen] = useState(true);
  const current = options.find((o) => o.value === value);
  return (
    <RSelect.Root value={value} onValueChange={onValueChange} disabled={disabled} open={open} onOpenChange={setOpen}>
      <RSelect.Trigger id={id} aria-label={label} className={triggerClass(compact, className)}>
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

/** A Select with its label shown above it, laid out like the text fields of a form. */
export function SelectField({ className, ...props }: SelectProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <span className="text-sm font-medium" aria-hidden>
        {props.label}
      </span>
      <Select {...props} />
    </div>
  );
}
