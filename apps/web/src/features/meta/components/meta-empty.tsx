import { CalendarSearch, Settings2 } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useSession } from '@/lib/session';
import type { MetaView } from '@/features/meta/meta-view';

const code = <code className="inline-block max-w-full rounded bg-surface-2 px-1 py-0.5 font-mono text-xs text-fg [overflow-wrap:anywhere]" />;

/**
 * A fresh install: no tournament was ever stored. Says what to set for results to arrive: the Limitless source, a file
 * import, or an admin's upload (an admin gets the link to it).
 */
export function NoSourceState() {
  const { t } = useTranslation('meta');
  const { isAdmin } = useSession();
  return (
    <div data-testid="meta-empty" data-state="no-source">
      <EmptyState
        icon={<Settings2 className="h-10 w-10" aria-hidden />}
        title={t('empty.noSource.title')}
        action={
          isAdmin ? (
            <Link to="/admin?tab=tournaments" className={buttonClass('secondary', 'md')}>
              {t('empty.noSource.admin')}
            </Link>
          ) : undefined
        }
      >
        <p>{t('empty.noSource.lead')}</p>
        <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-left">
          <li>
            <Trans t={t} i18nKey="empty.noSource.limitless" components={{ code }} />
          </li>
          <li>
            <Trans t={t} i18nKey="empty.noSource.import" components={{ code }} />
          </li>
          <li>{t('empty.noSource.upload')}</li>
        </ul>
      </EmptyState>
    </div>
  );
}

/** Tournaments exist, none in this window and format: offers a longer window and both formats. */
export function EmptyWindowState({ view, onChange }: { view: MetaView; onChange: (view: MetaView) => void }) {
  const { t } = useTranslation('meta');
  return (
    <div data-testid="meta-empty" data-state="window">
      <EmptyState
        icon={<CalendarSearch className="h-10 w-10" aria-hidden />}
        title={t('empty.window.title')}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {view.window !== '90' && (
              <Button variant="secondary" onClick={() => onChange({ window: '90', format: view.format })}>
                {t('empty.window.longer')}
              </Button>
            )}
            {view.format !== 'all' && (
              <Button variant="secondary" onClick={() => onChange({ ...view, format: 'all' })}>
                {t('empty.window.allFormats')}
              </Button>
            )}
          </div>
        }
      >
        {t('empty.window.hint')}
      </EmptyState>
    </div>
  );
}
