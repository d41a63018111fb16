import { X } from 'lucide-react';
import { useState } from 'react';
import { SearchInput } from '@/components/ui/search-input';
import { useDebouncedCallback } from '@/lib/use-debounced-callback';
import { useTranslation } from 'react-i18next';

/** Search input that reports its value 250 ms after the user stops typing. */
export function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('cards');
  const [draft, setDraft] = useState(value);
  const [prev, setPrev] = useState(value);
  const report = useDebouncedCallback(onChange, 250);
  if (prev !== value) {
    setPrev(value);
    setDraft(value);
  }
  const update = (text: string) => {
    setDraft(text);
    report(text.trim());
  };
  return (
    <SearchInput
      label={t('search.label')}
      className="min-w-[12rem] flex-1"
      value={draft}
      maxLength={100}
      onChange={(e) => update(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          report.cancel();
          onChange(draft.trim());
        }
      }}
      placeholder={t('search.placeholder')}
      data-testid="card-search"
    >
      {draft && (
        <button
          type="button"
          onClick={() => {
            report.cancel();
            setDraft('');
            onChange('');
          }}
          aria-label={t('search.clear')}
          className="absolute right-1.5 top-1/2 inline-flex h-7 w-7 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-fg"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      )}
    </SearchInput>
  );
}
