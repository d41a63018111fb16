import { CARD_ATTRIBUTES, CARD_BLOCKS, CARD_COLORS, CARD_RARITIES, CARD_TYPES } from '@grandline/core/games';
import { Switch } from '@/components/ui/switch';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { Select } from '@/components/ui/select';
import { useCardFacets } from '@/cards/api/get-card-facets';
import { useHydrated } from '@/lib/use-hydrated';
import { COLOR_CLASS } from '@/components/card/color-dots';
import type { CardsSearch } from '@/cards/search-params';
import { PriceRangeFilter } from '@/features/cards/components/price-range-filter';
import { usePreferences } from '@/lib/preferences';
import { marketplaceName } from '@grandline/core/marketplaces';
import { formatCounter, formatNumber } from '@/lib/format';
import { rarityCode, rarityName } from '@/components/card/rarity';
import { productCode } from '@grandline/core/set-code';
import { panelOf, withPanel, type PanelPatch, type PanelState } from '@/cards/query-panel';
import { setCodeOf } from '@/cards/query-suggest';

export type QueryPatch = Record<string, string | string[] | undefined>;

const COSTS = Array.from({ length: 11 }, (_, i) => String(i));
const POWERS = Array.from({ length: 14 }, (_, i) => String(i * 1000));
const ANY = 'any';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-t border-border pt-4 first:border-t-0 first:pt-0">
      <fieldset className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0">
        <legend className="mb-2 p-0 text-xs font-semibold uppercase tracking-wide text-muted">{title}</legend>
        {children}
      </fieldset>
    </div>
  );
}

type ListKey = 'color' | 'type' | 'counter' | 'rarity' | 'attribute' | 'block';

/** A multi-select filter as a row of toggle chips, one per value: one term of the query, or an `or` of them. */
function ChipSection({
  title,
  name,
  values,
  panel,
  onPanel,
  render,
  hint,
}: {
  title: string;
  name: ListKey;
  values: readonly string[];
  panel: PanelState;
  onPanel: (patch: PanelPatch) => void;
  render: (value: string) => ReactNode;
  hint?: (value: string) => string;
}) {
  const selected = panel[name];
  return (
    <Section title={title}>
      <div className="flex flex-wrap gap-2" data-testid={`filter-${name}`}>
        {values.map((v) => (
          <Chip key={v} title={hint?.(v)} pressed={selected?.includes(v) ?? false} onPressedChange={(on) => onPanel({ [name]: toggle(selected, v, on) })}>
            {render(v)}
          </Chip>
        ))}
      </div>
    </Section>
  );
}

function toggle(list: readonly string[] | undefined, value: string, on: boolean): string[] {
  const set = new Set(list ?? []);
  if (on) set.add(value);
  else set.delete(value);
  return [...set];
}

function SubtypeInput({ value, options, onChange }: { value: string | undefined; options: string[]; onChange: (v: string | undefined) => void }) {
  const { t } = useTranslation('cards');
  const id = useId();
  const [draft, setDraft] = useState(value ?? '');
  const [prev, setPrev] = useState(value);
  if (prev !== value) {
    setPrev(value);
    setDraft(value ?? '');
  }
  const commit = (text: string) => {
    const match = options.find((o) => o.toLowerCase() === text.trim().toLowerCase());
    if (!text.trim()) onChange(undefined);
    else if (match) onChange(match);
  };
  const invalid = draft.trim() !== '' && !options.some((o) => o.toLowerCase() === draft.trim().toLowerCase());
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        {t('filters.subtype')}
      </label>
      <input
        id={id}
        list={`${id}-list`}
        value={draft}
        placeholder={t('filters.subtypePlaceholder')}
        onChange={(e) => {
          setDraft(e.target.value);
          if (options.includes(e.target.value)) onChange(e.target.value);
          if (e.target.value === '') onChange(undefined);
        }}
        onBlur={() => commit(draft)}
        onKeyDown={(e) => e.key === 'Enter' && commit(draft)}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className="h-10 rounded-lg border border-border bg-surface px-3 text-sm placeholder:text-muted"
      />
      <datalist id={`${id}-list`}>
        {options.map((o) => (
          <option key={o} value={o} />
        ))}
      </datalist>
      {invalid && (
        <p id={`${id}-error`} className="text-xs text-op-red">
          {t('filters.subtypeUnknown')}
        </p>
      )}
    </div>
  );
}

/** A labelled on/off switch of the filters. */
function SwitchRow({ label, checked, onChange, testId, className }: { label: string; checked: boolean; onChange: (on: boolean) => void; testId?: string; className?: string }) {
  const id = useId();
  return (
    <div className={`flex items-center justify-between gap-3 ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        testId={testId}
      />
    </div>
  );
}

/**
 * The library's filters, written into and read from the search query (cards/query-panel.ts): a chip is a term of `q`.
 * A product without a code (a promotion) is the one filter the language cannot say: it stays the `set` parameter.
 */
export function CardFilters({ query, onPatch, onClear }: { query: CardsSearch; onPatch: (patch: QueryPatch) => void; onClear: () => void }) {
  const { t } = useTranslation('cards');
  // The facets (sets, types) are not in a server-drawn page's state: until this part has hydrated it draws without
  // them, as the server did, even when another part (the query box's completion) fetched them meanwhile.
  const hydrated = useHydrated();
  const facetsQuery = useCardFacets();
  const facets = { data: hydrated ? facetsQuery.data : undefined };
  const { currency, marketplace, priceType } = usePreferences();
  const { t: tc } = useTranslation('common');
  const q = typeof query.q === 'string' ? query.q : '';
  const panel = panelOf(q);
  const onPanel = (patch: PanelPatch, extra: QueryPatch = {}) => onPatch({ q: withPanel(q, patch) || undefined, ...extra });
  const slug = Array.isArray(query.set) ? query.set[0] : undefined;
  const setValue = panel.set ? `code:${setCodeOf(panel.set)}` : slug ? `slug:${slug}` : ANY;
  const rangeSelect = (key: 'costMin' | 'costMax' | 'powerMin' | 'powerMax', values: string[], label: string) => (
    <Select
      label={label}
      compact
      className="w-full"
      value={panel[key] === undefined ? ANY : String(panel[key])}
      onValueChange={(v) => onPanel({ [key]: v === ANY ? undefined : Number(v) })}
      options={[{ value: ANY, label: t('filters.any') }, ...values.map((v) => ({ value: v, label: formatNumber(Number(v)) }))]}
    />
  );
  return (
    <div className="flex flex-col gap-4" data-testid="card-filters">
      <ChipSection
        title={t('filters.color')}
        name="color"
        values={CARD_COLORS}
        panel={panel}
        onPanel={onPanel}
        render={(c) => (
          <>
            <span className={`h-2.5 w-2.5 rounded-full ring-1 ring-black/20 ${COLOR_CLASS[c]}`} aria-hidden />
            {t(`colors.${c}`)}
          </>
        )}
      />
      <ChipSection title={t('filters.type')} name="type" values={CARD_TYPES} panel={panel} onPanel={onPanel} render={(c) => t(`types.${c}`)} />
      <Section title={t('filters.set')}>
        <Select
          label={t('filters.set')}
          className="w-full"
          value={setValue}
          onValueChange={(v) =>
            v.startsWith('code:') ? onPanel({ set: v.slice(5) }, { set: undefined }) : onPanel({ set: undefined }, { set: v === ANY ? undefined : v.slice(5) })
          }
          options={[
            { value: ANY, label: t('filters.allSets') },
            ...(facets.data?.sets ?? []).map((s) => ({
              value: s.code ? `code:${setCodeOf(s.code)}` : `slug:${s.slug}`,
              label: s.code ? `${productCode(s.code)} · ${s.name}` : s.name,
            })),
          ]}
        />
      </Section>
      <Section title={t('filters.cost')}>
        <div className="grid grid-cols-2 gap-2">
          {rangeSelect('costMin', COSTS, t('filters.costMin'))}
          {rangeSelect('costMax', COSTS, t('filters.costMax'))}
        </div>
      </Section>
      <Section title={t('filters.power')}>
        <div className="grid grid-cols-2 gap-2">
          {rangeSelect('powerMin', POWERS, t('filters.powerMin'))}
          {rangeSelect('powerMax', POWERS, t('filters.powerMax'))}
        </div>
      </Section>
      <Section title={t('filters.price')}>
        <PriceRangeFilter
          min={panel.priceMin === undefined ? undefined : String(panel.priceMin)}
          max={panel.priceMax === undefined ? undefined : String(panel.priceMax)}
          currency={currency}
          onChange={(p) => onPanel(Object.fromEntries(Object.entries(p).map(([k, v]) => [k, v === undefined ? undefined : Number(v)])))}
        />
        <p className="text-xs text-muted">{t('filters.priceHint', { type: tc(`priceTypes.${priceType}`), market: marketplaceName(marketplace) })}</p>
      </Section>
      <ChipSection
        title={t('filters.counter')}
        name="counter"
        values={['0', '1000', '2000']}
        panel={panel}
        onPanel={onPanel}
        render={(c) => (c === '0' ? t('filters.noCounter') : formatCounter(Number(c)))}
      />
      <ChipSection
        title={t('filters.rarity')}
        name="rarity"
        values={CARD_RARITIES}
        panel={panel}
        onPanel={onPanel}
        render={rarityCode}
        hint={rarityName}
      />
      <ChipSection title={t('filters.attribute')} name="attribute" values={CARD_ATTRIBUTES} panel={panel} onPanel={onPanel} render={(a) => t(`attributes.${a}`)} />
      <Section title={t('filters.subtype')}>
        <SubtypeInput value={panel.subtype} options={facets.data?.subtypes ?? []} onChange={(v) => onPanel({ subtype: v })} />
      </Section>
      <ChipSection title={t('filters.block')} name="block" values={CARD_BLOCKS} panel={panel} onPanel={onPanel} render={(b) => b} />
      <Section title={t('filters.variations')}>
        <SwitchRow label={t('filters.showVariations')} checked={panel.variations !== false} onChange={(on) => onPanel({ variations: on ? undefined : false })} />
        <SwitchRow label={t('filters.everyPrint')} checked={query.prints === 'all'} onChange={(on) => onPatch({ prints: on ? 'all' : undefined })} testId="every-print" className="mt-3" />
      </Section>
      <Button variant="secondary" onClick={onClear}>
        {t('filters.clear')}
      </Button>
    </div>
  );
}
