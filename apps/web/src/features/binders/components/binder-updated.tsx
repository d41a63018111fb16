import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * "Updated <date>" in the browser's time zone. The server does not know that zone: while it draws the page and while
 * the browser hydrates it, the line holds the date in UTC, hidden — the same on both sides, and as wide as the date
 * it stands for — so nothing moves when the browser's date shows. (Left out of the server's drawing, it wrapped onto a
 * line of its own on a phone once hydrated, and pushed the page down: a layout shift.)
 */
export function BinderUpdated({ at }: { at: string }) {
  const { t } = useTranslation('binders');
  const hydrated = useHydrated();
  const date = hydrated ? formatDate(at) : formatDate(at, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <span className={hydrated ? undefined : 'invisible'} data-testid="binder-updated">
      {t('updated', { date })}
    </span>
  );
}
