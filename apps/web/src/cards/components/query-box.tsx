import { searchErrorMessage, type SearchLanguage } from '@grandline/core/search/messages';
import { tryParseQuery } from '@grandline/core/search/parse';
import { RARITY_CODES, type RarityCode } from '@grandline/core/search/ast';
import { rarityName } from '@/components/card/rarity';
import { CARD_TYPES } from '@grandline/core/games';
import { X } from 'lucide-react';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '@/components/ui/search-input';
import { cn } from '@/lib/cn';
import { useDebouncedCallback } from '@/lib/use-debounced-callback';
import { applySuggestion, suggest, type Suggestion, type SuggestionList, type SuggestSource } from '@/cards/query-suggest';

/** A query error as core's parser and the API's 400 QUERY_INVALID (error.query) both give it. */
export interface QueryProblem {
  messageKey: string;
  params: Record<string, string | number>;
  message: string;
  position: number;
  text: string;
}

/** The app's language as the search messages know it (core/search/messages.ts); English for anything else. */
const searchLanguageOf = (language: string | undefined): SearchLanguage => {
  const code = language?.slice(0, 2);
  return code === 'pt' || code === 'es' ? code : 'en';
};

/** The query around the problem, the offending part marked (a window of the text when it is long). */
function ProblemSpot({ query, problem }: { query: string; problem: QueryProblem }) {
  if (problem.position > query.length) return null;
  const end = Math.min(query.length, problem.position + Math.max(1, problem.text.length));
  const from = Math.max(0, problem.position - 24);
  const to = Math.min(query.length, end + 24);
  return (
    <code className="mt-1 block overflow-hidden text-ellipsis whitespace-pre rounded bg-surface-2 px-2 py-1 font-mono text-xs text-fg" data-testid="query-error-spot">
      {from > 0 && '…'}
      {query.slice(from, problem.position)}
      <mark className="rounded-sm bg-op-red/25 text-fg underline decoration-op-red decoration-wavy">{query.slice(problem.position, end) || '\u00a0'}</mark>
      {query.slice(end, to)}
      {to < query.length && '…'}
    </code>
  );
}

function SuggestionLabel({ item }: { item: Suggestion }) {
  const { t } = useTranslation('cards');
  const label =
    item.kind === 'keyword'
      ? t(`search.keywords.${item.keyword}`)
      : item.keyword === 'color'
        ? t(`colors.${item.value[0]!.toUpperCase()}${item.value.slice(1)}`)
        : item.keyword === 'is'
          ? t(`search.is.${item.value}`)
          : item.keyword === 'legal' || item.keyword === 'banned'
            ? t(`search.formats.${item.value}`)
            : item.keyword === 'type' && CARD_TYPES.some((c) => c.toLowerCase() === item.value)
              ? t(`types.${item.value[0]!.toUpperCase()}${item.value.slice(1)}`)
              : item.keyword === 'rarity'
              ? rarityName(RARITY_CODES[item.value as RarityCode])
              : '';
  return (
    <>
      <span className="font-mono text-sm">{item.insert}</span>
      {label && <span className="truncate text-xs text-muted">{label}</span>}
    </>
  );
}

/** The combobox's popup: the suggestions of the word at the caret, the active one highlighted. */
function SuggestionPopup({ id, listId, list, active, onAccept }: { id: string; listId: string; list: SuggestionList | null; active: number; onAccept: (item: Suggestion) => void }) {
  const { t } = useTranslation('cards');
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={t('search.suggestions')}
      hidden={!list}
      className="absolute left-0 right-0 top-11 z-30 max-h-72 overflow-y-auto rounded-lg border border-border bg-surface p-1 shadow-lg"
      data-testid="query-suggestions"
    >
      {list?.items.map((item, i) => (
        <li
          key={item.id}
          id={`${id}-${item.id}`}
          role="option"
          aria-selected={i === active}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onAccept(item)}
          className={cn('flex cursor-pointer items-baseline justify-between gap-3 rounded-md px-2 py-1.5', i === active ? 'bg-accent text-accent-fg [&_.text-muted]:text-accent-fg' : 'hover:bg-surface-2')}
        >
          <SuggestionLabel item={item} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The search box of the language (docs/search-language.md): the text is checked with core's parser as it is typed
 * (250 ms after the last key) and reported only when it reads; a problem (or the API's 400 QUERY_INVALID, `apiProblem`)
 * shows under the box, translated, with its position marked. Keywords and their values complete in a WAI-ARIA
 * combobox: arrows move, Enter or Tab accepts, Escape closes.
 */
export function QueryBox({
  value,
  onChange,
  apiProblem,
  source,
  label,
  placeholder,
  help,
  className,
  testId,
}: {
  value: string;
  onChange: (q: string) => void;
  apiProblem?: QueryProblem | null;
  source?: SuggestSource;
  label: string;
  placeholder: string;
  /** At the end of the box: the syntax page's link. */
  help?: ReactNode;
  className?: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('cards');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(value);
  const [checked, setChecked] = useState(value);
  const [prev, setPrev] = useState(value);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(-1);
  const [closed, setClosed] = useState(true);
  if (prev !== value) {
    setPrev(value);
    setDraft(value);
    setChecked(value);
  }
  const parsed = useMemo(() => (checked.trim() ? tryParseQuery(checked.trim()) : null), [checked]);
  const localProblem = parsed && !parsed.ok ? parsed.error : null;
  const problem: QueryProblem | null = localProblem ?? (apiProblem && draft.trim() === value.trim() ? apiProblem : null);
  const list = useMemo(() => (closed || caret === null ? null : suggest(draft, caret, source)), [closed, caret, draft, source]);
  const open = list !== null;

  const commit = (text: string) => {
    setChecked(text);
    const result = text.trim() ? tryParseQuery(text.trim()) : null;
    if (!result || result.ok) onChange(text.trim());
  };
  const report = useDebouncedCallback(commit, 250);
  const update = (text: string, at: number | null) => {
    setDraft(text);
    setCaret(at);
    setActive(-1);
    setClosed(false);
    report(text);
  };
  const accept = (item: Suggestion) => {
    if (!list) return;
    const next = applySuggestion(draft, list, item);
    update(next.text, next.caret);
    requestAnimationFrame(() => input.current?.setSelectionRange(next.caret, next.caret));
  };

  const errorId = `${id}-error`;
  const listId = `${id}-list`;
  return (
    <div className={cn('relative flex min-w-[12rem] flex-col', className)}>
      <SearchInput
        ref={input}
        label={label}
        inputClassName={help ? 'pr-24' : undefined}
        value={draft}
        maxLength={500}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${id}-${list.items[active]!.id}` : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => update(e.target.value, e.target.selectionStart)}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onBlur={() => setClosed(true)}
        onKeyDown={(e) => {
          if (open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
            e.preventDefault();
            const n = list.items.length;
            setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % n : a <= 0 ? n - 1 : a - 1));
          } else if (!open && e.key === 'ArrowDown') {
            setClosed(false);
          } else if (open && active >= 0 && (e.key === 'Enter' || e.key === 'Tab')) {
            e.preventDefault();
            accept(list.items[active]!);
          } else if (e.key === 'Escape' && open) {
            e.preventDefault();
            setClosed(true);
          } else if (e.key === 'Enter') {
            report.cancel();
            setClosed(true);
            commit(draft);
          }
        }}
        placeholder={placeholder}
        data-testid={testId}
      >
        <span className="absolute right-1.5 top-1/2 flex -translate-y-1/2 items-center gap-0.5">
          {draft && (
            <button
              type="button"
              onClick={() => {
                report.cancel();
                setDraft('');
                setChecked('');
                onChange('');
              }}
              aria-label={t('search.clear')}
              className="inline-flex h-7 w-7 cursor-pointer items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-fg"
            >
              <X className="h-4 w-4" aria-hidden />
            </button>
          )}
          {help}
        </span>
      </SearchInput>
      <SuggestionPopup id={id} listId={listId} list={open ? list : null} active={active} onAccept={accept} />
      <div id={errorId} role="alert" className={problem ? 'mt-1.5 text-sm text-op-red' : 'sr-only'} data-testid={problem ? 'query-error' : undefined}>
        {problem && (
          <>
            <span>{searchErrorMessage(problem, searchLanguageOf(i18n.resolvedLanguage ?? i18n.language))}</span>
            <ProblemSpot query={localProblem ? checked.trim() : value.trim()} problem={problem} />
          </>
        )}
      </div>
    </div>
  );
}
