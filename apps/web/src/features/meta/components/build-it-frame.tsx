import type { MetaList } from '@grandline/core/contracts/tournaments';
import { Hammer, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { rememberReturnTo } from '@/lib/return-to';
import { recordText } from '@/features/meta/meta-figures';

/** "Build it"'s heading (the chosen list: tournament, placing, record), its actions and its body. */
export function BuildItFrame({ list, actions, children }: { list: MetaList; actions?: ReactNode; children: ReactNode }) {
  const { t, i18n } = useTranslation('meta');
  return (
    <section aria-labelledby="meta-build-title" className="flex flex-col gap-4" data-testid="meta-build" data-deck-id={list.deckId}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="meta-build-title" className="flex items-center gap-2 text-lg font-semibold">
            <Hammer className="h-5 w-5 text-accent" aria-hidden />
            {t('build.title')}
          </h2>
          <p className="mt-0.5 text-sm text-muted [overflow-wrap:anywhere]" data-testid="meta-build-list-name">
            {t('build.listOf', { tournament: list.tournamentName, placing: list.placing, record: recordText(list.record, i18n.resolvedLanguage) })}
          </p>
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Signed out: what "build it" would show, and the way to sign in that comes back here. */
export function SignedOutBuild({ list }: { list: MetaList }) {
  const { t } = useTranslation('meta');
  const location = useLocation();
  return (
    <BuildItFrame list={list}>
      <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-border bg-surface/60 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="meta-build-sign-in">
        <p className="text-sm text-muted">{t('build.signIn')}</p>
        <Link to="/auth" onClick={() => rememberReturnTo(`${location.pathname}${location.search}`)} className={buttonClass('primary', 'md', 'shrink-0')}>
          <LogIn className="h-4 w-4" aria-hidden />
          {t('build.signInAction')}
        </Link>
      </div>
    </BuildItFrame>
  );
}
