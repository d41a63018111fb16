import { normalizeSearchText } from '@grandline/core/slug';
import { Check, MapPin } from 'lucide-react';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_NS } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/form';
import { cn } from '@/lib/cn';
import { useCountryNames } from '@/lib/country-names';

/** Case, accents and punctuation ignored: "cote d ivoire" finds "Côte d’Ivoire". */
const loose = (text: string) => normalizeSearchText(text).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * Country choice of spec §2: the suggestion (or the current value) with a Change button, and a
 * searchable list 300 px high. Arrow keys move, Enter picks, Escape closes.
 */
export function CountryPicker({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { list, nameOf } = useCountryNames();
  // The list shows while there is no country yet, or after Change.
  const [editing, setEditing] = useState(false);
  const open = editing || !value;
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);

  const matches = useMemo(() => {
    const q = loose(query);
    if (!q) return list;
    return list.filter((c) => loose(c.name).includes(q) || c.code.toLowerCase() === q);
  }, [list, query]);

  const pick = (code: string) => {
    onChange(code);
    setEditing(false);
    setQuery('');
    requestAnimationFrame(() => changeRef.current?.focus());
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = Math.max(0, Math.min(matches.length - 1, active + (e.key === 'ArrowDown' ? 1 : -1)));
      setActive(next);
      listRef.current?.children[next]?.scrollIntoView?.({ block: 'nearest' });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const choice = matches[active];
      if (choice) pick(choice.code);
    } else if (e.key === 'Escape' && value) {
      e.preventDefault();
      e.stopPropagation();
      setEditing(false);
    }
  };

  if (!open && value) {
    return (
      <div className={cn('flex items-center justify-between gap-3 rounded-lg border bg-surface px-3 py-2', invalid ? 'border-danger' : 'border-border')}>
        <span className="flex min-w-0 items-center gap-2 text-sm">
          <MapPin className="h-4 w-4 shrink-0 text-muted" aria-hidden />
          <span className="truncate font-medium" id={id} data-testid="country-value">
            {nameOf(value)}
          </span>
          <span className="text-xs text-muted">{value}</span>
        </span>
        <Button ref={changeRef} variant="outline" size="sm" onClick={() => setEditing(true)} data-testid="country-change">
          {t('consent.countryChange')}
        </Button>
      </div>
    );
  }

  const activeId = matches[active] ? `${id}-opt-${matches[active].code}` : undefined;
  return (
    <div className="flex flex-col gap-2">
      <input
        id={id}
        type="search"
        role="combobox"
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-activedescendant={activeId}
        aria-autocomplete="list"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder={t('consent.countrySearch')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        className={inputClass(invalid)}
      />
      <ul
        ref={listRef}
        id={`${id}-list`}
        role="listbox"
        aria-label={t('consent.country')}
        className="h-[300px] overflow-y-auto rounded-lg border border-border bg-surface p-1"
      >
        {matches.length === 0 && <li className="px-3 py-6 text-center text-sm text-muted">{t('consent.countryNone')}</li>}
        {matches.map((c, i) => (
          <li
            key={c.code}
            id={`${id}-opt-${c.code}`}
            role="option"
            aria-selected={c.code === value}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(c.code)}
            onMouseMove={() => setActive(i)}
            className={cn(
              'flex cursor-pointer items-center justify-between gap-2 rounded-md px-3 py-2 text-sm',
              i === active && 'bg-surface-2',
              c.code === value && 'font-semibold',
            )}
          >
            <span className="truncate">{c.name}</span>
            <span className="flex items-center gap-2 text-xs text-muted">
              {c.code}
              {c.code === value && <Check className="h-4 w-4 text-accent" aria-hidden />}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
