import { META_FORMATS, type MetaFormat } from '@grandline/core/contracts/tournaments';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/form';
import { ToggleGroup } from '@/components/ui/toggle-group';
import { META_WINDOWS, type MetaView, type MetaWindow } from '@/features/meta/meta-view';

/** A segmented choice; on phones it spans the width, its choices in equal columns (a scrolling strip cut "Personalizado"). */
const group = 'inline-flex w-fit max-w-full items-center gap-1 rounded-lg bg-surface-2 p-1 max-sm:grid max-sm:w-full';
const item =
  'h-8 min-w-0 shrink-0 cursor-pointer truncate whitespace-nowrap rounded-md px-3 text-sm font-medium text-muted hover:text-fg max-sm:px-1 max-sm:text-[0.8125rem] data-[state=on]:bg-surface data-[state=on]:text-fg data-[state=on]:shadow-sm';

/** A choice's shorter name on phones, where four choices share the width. */
function Label({ short, long }: { short: string; long: string }) {
  return (
    <>
      <span className="sm:hidden">{short}</span>
      <span className="max-sm:hidden">{long}</span>
    </>
  );
}

/** The custom window's two days and its button; the days the page shows (`shown`) fill an empty one. */
function CustomRange({ view, shown, onChange }: { view: MetaView; shown?: { from: string; to: string }; onChange: (view: MetaView) => void }) {
  const { t } = useTranslation('meta');
  const uid = useId();
  const [from, setFrom] = useState(view.from ?? shown?.from ?? '');
  const [to, setTo] = useState(view.to ?? shown?.to ?? '');
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onChange({ ...view, from: from || undefined, to: to || undefined });
  };
  return (
    <form onSubmit={apply} className="flex flex-wrap items-end gap-2" data-testid="meta-custom-range">
      <label htmlFor={`${uid}-from`} className="flex flex-col gap-1 text-xs font-medium text-muted">
        {t('controls.from')}
        <input id={`${uid}-from`} type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} className={`${inputClass()} h-9 w-40`} data-testid="meta-from" />
      </label>
      <label htmlFor={`${uid}-to`} className="flex flex-col gap-1 text-xs font-medium text-muted">
        {t('controls.to')}
        <input id={`${uid}-to`} type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} className={`${inputClass()} h-9 w-40`} data-testid="meta-to" />
      </label>
      <Button type="submit" variant="secondary" className="h-9" data-testid="meta-apply">
        {t('controls.apply')}
      </Button>
    </form>
  );
}

/**
 * The window (last 7, 30 or 90 days, or custom from–to) and the format (standard, extra, both): radio groups that
 * arrows move through; the page keeps the choice in its address.
 */
export function MetaControls({ view, shown, onChange }: { view: MetaView; shown?: { from: string; to: string }; onChange: (view: MetaView) => void }) {
  const { t } = useTranslation('meta');
  const pickWindow = (value: string) => {
    const window = value as MetaWindow;
    onChange(window === 'custom' ? { ...view, window, from: view.from ?? shown?.from, to: view.to ?? shown?.to } : { window, format: view.format });
  };
  return (
    <div className="flex flex-col gap-3" data-testid="meta-controls">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <ToggleGroup.Root type="single" value={view.window} onValueChange={pickWindow} aria-label={t('controls.window')} className={`${group} max-sm:grid-cols-4`} data-testid="meta-window">
          {META_WINDOWS.map((w) => (
            <ToggleGroup.Item key={w} value={w} className={item} data-testid={`meta-window-${w}`}>
              {w === 'custom' ? <Label short={t('controls.customShort')} long={t('controls.windows.custom')} /> : t(`controls.windows.${w}`)}
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
        <ToggleGroup.Root
          type="single"
          value={view.format}
          onValueChange={(value) => onChange({ ...view, format: value as MetaFormat })}
          aria-label={t('controls.format')}
          className={`${group} max-sm:grid-cols-3`}
          data-testid="meta-format"
        >
          {META_FORMATS.map((f) => (
            <ToggleGroup.Item key={f} value={f} className={item} data-testid={`meta-format-${f}`}>
              {f === 'all' ? <Label short={t('controls.allShort')} long={t('formats.all')} /> : t(`formats.${f}`)}
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
      </div>
      {/* Keyed by the window shown, so a new custom choice starts from the days on screen. */}
      {view.window === 'custom' && <CustomRange key={`${view.from ?? ''}:${view.to ?? ''}`} view={view} shown={shown} onChange={onChange} />}
    </div>
  );
}
