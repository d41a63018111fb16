import { normalizeSearchText } from '@grandline/core/slug';
import { X } from 'lucide-react';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '@/components/ui/form';
import { cn } from '@/lib/cn';
import { useCountryNames } from '@/lib/country-names';

/** Case and accents ignored: "mexi" finds "México". */
const loose = (text: string) => normalizeSearchText(text).trim();
/** Suggestions shown at once: enough to pick from, short enough for a phone. */
const SHOWN = 8;

/**
 * The countries a trader trades with (empty: any): each chosen one a chip with a remove button, and a search box whose
 * suggestions (names in the interface language, or the two-letter code) Arrow keys move through and Enter adds.
 */
export function CountriesField({ id, value, onChange, describedBy }: { id: string; value: string[]; onChange: (codes: string[]) => void; describedBy?: string }) {
  const { t } = useTranslation('trades');
  const { list, nameOf } = useCountryNames();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const suggestions = useMemo(() => {
    const q = loose(query);
    if (!q) return [];
    // The country whose code was typed first, then names that start with the text, then names that contain it.
    const rank = (c: { code: string; name: string }) => (c.code.toLowerCase() === q ? 0 : loose(c.name).startsWith(q) ? 1 : loose(c.name).includes(q) ? 2 : 3);
    return list
      .filter((c) => !value.includes(c.code) && rank(c) < 3)
      .sort((a, b) => rank(a) - rank(b))
      .slice(0, SHOWN);
  }, [list, query, value]);

  const add = (code: string) => {
    onChange([...value, code]);
    setQuery('');
    setActive(0);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, Math.min(suggestions.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1))));
    } else if (e.key === 'Enter' && suggestions[active]) {
      e.preventDefault();
      add(suggestions[active].code);
    } else if (e.key === 'Escape' && query) {
      e.preventDefault();
      e.stopPropagation();
      setQuery('');
    } else if (e.key === 'Backspace' && !query && value.length) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className="flex flex-col gap-2" data-testid="trading-countries">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('settings.countriesChosen')}>
          {value.map((code) => (
            <li key={code} className="inline-flex items-center gap-1 rounded-full border border-border bg-surface-2 py-0.5 pl-2.5 pr-1 text-sm" data-testid={`trading-country-${code}`}>
              {nameOf(code)}
              <button
                type="button"
                onClick={() => onChange(value.filter((c) => c !== code))}
                className="rounded-full p-1 text-muted hover:bg-surface hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
                aria-label={t('settings.countryRemove', { country: nameOf(code) })}
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <input
          id={id}
          type="search"
          role="combobox"
          aria-expanded={suggestions.length > 0}
          aria-controls={listId}
          aria-activedescendant={suggestions[active] ? `${listId}-${suggestions[active].code}` : undefined}
          aria-autocomplete="list"
          aria-describedby={describedBy}
          autoComplete="off"
          placeholder={value.length ? t('settings.countryAddMore') : t('settings.countryAdd')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className={inputClass(false)}
        />
        {suggestions.length > 0 && (
          <ul id={listId} role="listbox" aria-label={t('settings.countries')} className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-border bg-surface p-1 shadow-lg">
            {suggestions.map((c, i) => (
              <li
                key={c.code}
                id={`${listId}-${c.code}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => add(c.code)}
                onMouseMove={() => setActive(i)}
                className={cn('flex cursor-pointer items-center justify-between gap-2 rounded-md px-3 py-2 text-sm', i === active && 'bg-surface-2')}
                data-testid={`trading-country-option-${c.code}`}
              >
                <span className="truncate">{c.name}</span>
                <span className="text-xs text-muted">{c.code}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
