import { Check, ChevronDown, Search, X } from 'lucide-react';
import { Checkbox as RadixCheckbox, Popover } from 'radix-ui';
import { useMemo, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { inputClass } from './form';
import { popoverSurface } from './styles';

export interface MultiSelectOption<T extends string> {
  value: T;
  label: string;
  /** A second line (a region, a currency), also searched. */
  hint?: string;
}

/** Every text the control shows, given by the caller in the user's language. */
export interface MultiSelectTexts {
  placeholder: string;
  search: string;
  noMatch: string;
  selectAll: string;
  clear: string;
  /** "{{label}}: remove" for a chosen value's remove button. */
  remove: (label: string) => string;
  /** The closed trigger's text for several chosen values ("3 markets"). */
  count: (n: number) => string;
}

/**
 * A searchable multi-select: a trigger naming the choice, a popover with a search box and a checkbox per option
 * (Tab and Space choose; Escape closes and gives the focus back to the trigger), and the chosen values as removable
 * chips under the trigger.
 */
export function MultiSelect<T extends string>({
  id,
  label,
  options,
  value,
  onChange,
  texts,
  invalid,
  describedBy,
  icon,
}: {
  id: string;
  /** The field's name: the trigger says it with the current choice ("Compare against: Cardmarket, CardTrader"). */
  label: string;
  options: readonly MultiSelectOption<T>[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  texts: MultiSelectTexts;
  invalid?: boolean;
  describedBy?: string;
  icon?: (value: T) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const chosen = options.filter((o) => value.includes(o.value));
  const shown = useMemo(() => {
    const q = query.trim().toLocaleLowerCase();
    return q ? options.filter((o) => `${o.label} ${o.hint ?? ''}`.toLocaleLowerCase().includes(q)) : options;
  }, [options, query]);
  // Kept in the options' order whatever order they were picked in.
  const toggle = (v: T, on: boolean) => onChange(options.map((o) => o.value).filter((o) => (o === v ? on : value.includes(o))));
  const summary = chosen.length === 0 ? texts.placeholder : chosen.length <= 2 ? chosen.map((o) => o.label).join(', ') : texts.count(chosen.length);

  return (
    <div className="flex flex-col gap-2">
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setQuery('');
        }}
      >
        <Popover.Trigger
          id={id}
          aria-label={`${label}: ${summary}`}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={cn(inputClass(invalid), 'flex cursor-pointer items-center justify-between gap-2 text-left hover:bg-surface-2')}
        >
          <span className={cn('min-w-0 truncate', chosen.length === 0 && 'text-muted')}>{summary}</span>
          <ChevronDown className="h-4 w-4 shrink-0 opacity-60" aria-hidden />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content align="start" sideOffset={4} className={cn(popoverSurface, 'w-[var(--radix-popover-trigger-width)] min-w-64 p-2')}>
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
              <input
                type="search"
                autoFocus
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                aria-label={texts.search}
                placeholder={texts.search}
                className={cn(inputClass(), 'h-9 pl-8')}
              />
            </div>
            <div className="mt-2 flex max-h-64 flex-col overflow-y-auto" role="group" aria-label={texts.placeholder}>
              {shown.length === 0 && <p className="px-2 py-3 text-sm text-muted">{texts.noMatch}</p>}
              {shown.map((o) => {
                const on = value.includes(o.value);
                return (
                  <label key={o.value} className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-surface-2">
                    <RadixCheckbox.Root
                      checked={on}
                      onCheckedChange={(checked) => toggle(o.value, checked === true)}
                      className={cn(
                        'flex h-4 w-4 shrink-0 cursor-pointer items-center justify-center rounded border',
                        on ? 'border-accent bg-accent text-accent-fg' : 'border-border bg-surface',
                      )}
                      data-testid={`multi-option-${o.value}`}
                    >
                      <RadixCheckbox.Indicator>
                        <Check className="h-3 w-3" aria-hidden />
                      </RadixCheckbox.Indicator>
                    </RadixCheckbox.Root>
                    {icon?.(o.value)}
                    <span className="min-w-0">
                      <span className="block truncate">{o.label}</span>
                      {o.hint && <span className="block text-xs text-muted">{o.hint}</span>}
                    </span>
                  </label>
                );
              })}
            </div>
            <div className="mt-2 flex justify-between gap-2 border-t border-border pt-2">
              <button type="button" className="rounded-md px-2 py-1 text-xs font-medium text-accent hover:bg-surface-2" onClick={() => onChange(options.map((o) => o.value))}>
                {texts.selectAll}
              </button>
              <button type="button" className="rounded-md px-2 py-1 text-xs font-medium text-muted hover:bg-surface-2" onClick={() => onChange([])}>
                {texts.clear}
              </button>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {chosen.length > 0 && (
        <ul className="flex flex-wrap gap-1.5">
          {chosen.map((o) => (
            <li key={o.value}>
              <span className="inline-flex h-7 items-center gap-1 rounded-full border border-border bg-surface-2 pr-1 pl-2.5 text-xs font-medium">
                {o.label}
                <button
                  type="button"
                  onClick={() => toggle(o.value, false)}
                  aria-label={texts.remove(o.label)}
                  className="flex h-5 w-5 cursor-pointer items-center justify-center rounded-full text-muted hover:bg-surface hover:text-fg"
                >
                  <X className="h-3 w-3" aria-hidden />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
