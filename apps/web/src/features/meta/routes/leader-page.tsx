import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { buttonClass } from '@/components/ui/button';
import { DetailState, PageSkeleton } from '@/components/ui/query-states';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format';
import { queryClient } from '@/lib/query-client';
import { ensureSession, useSession } from '@/lib/session';
import { leaderQuery, useLeader } from '@/features/meta/api/meta-api';
import { SignedOutBuild } from '@/features/meta/components/build-it-frame';
import { ConsensusList } from '@/features/meta/components/consensus-list';
import { LeaderLists } from '@/features/meta/components/leader-lists';
import { LeaderThumb } from '@/features/meta/components/leader-thumb';
import { MetaControls } from '@/features/meta/components/meta-controls';
import { useMetaView } from '@/features/meta/hooks/use-meta-view';
import { metaPath, metaQueryOf, metaViewFromParams, todayUtc } from '@/features/meta/meta-view';

/** The deck's panels (its collection check, buy list, binders) load with "build it", for signed-in users only. */
const BuildItPanel = lazy(() => import('@/features/meta/components/build-it-panel').then((m) => ({ default: m.BuildItPanel })));

/** The leader's figures are fetched meanwhile; the page waits for the session, which decides what "build it" shows. */
export const loader = async ({ params, request }: LoaderFunctionArgs) => {
  const query = metaQueryOf(metaViewFromParams(new URL(request.url).searchParams), todayUtc());
  void queryClient.prefetchQuery(leaderQuery(params.cardNumber ?? '', query));
  await ensureSession().catch(() => null);
  return null;
};

/**
 * /meta/leaders/{cardNumber}: a leader in the window — its consensus list as the visual deck (how many of its decks
 * play each card, and how many copies), its lists by placing, and "build it" for the chosen one (`?list=`, the
 * best-placed by default).
 */
export function LeaderPage() {
  const { t, i18n } = useTranslation('meta');
  const { cardNumber = '' } = useParams();
  const { view, query, setView, params, setParams } = useMetaView();
  const leader = useLeader(cardNumber, query);
  const { signedIn } = useSession();
  const language = i18n.resolvedLanguage;
  const back = (
    <Link to={metaPath(view)} className={buttonClass('ghost', 'sm', 'mb-4 -ml-2')}>
      <ArrowLeft className="h-4 w-4" aria-hidden />
      {t('leader.back')}
    </Link>
  );
  if (!leader.data) {
    return (
      <div>
        <PageTitle title={cardNumber} />
        <DetailState
          query={leader}
          back={back}
          loading={
            <>
              {back}
              <PageSkeleton blocks={['h-40 w-full max-w-lg', 'h-10 w-80', 'h-96']} />
            </>
          }
          notFound={{ title: t('leader.notFound'), hint: t('leader.notFoundHint') }}
          failedTitle={t('errors.loadFailed')}
        />
      </div>
    );
  }
  const d = leader.data;
  const chosenId = params.get('list');
  const chosen = d.lists.find((l) => l.deckId === chosenId) ?? d.lists[0] ?? null;
  const choose = (deckId: string) => {
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        next.set('list', deckId);
        return next;
      },
      { preventScrollReset: true },
    );
    document.getElementById('meta-build')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <div className={cn('flex flex-col gap-8', leader.isPlaceholderData && 'opacity-60')} data-testid="meta-leader-page">
      <PageTitle title={`${d.name} (${d.cardNumber})`} />
      <div>
        {back}
        <div className="flex flex-wrap items-end gap-4 sm:gap-6">
          <LeaderThumb cardId={d.cardId} name={d.name} cardNumber={d.cardNumber} className="w-24 sm:w-32" sizes="128px" eager />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <p className="font-mono text-sm font-semibold text-accent">{d.cardNumber}</p>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl [overflow-wrap:anywhere]" data-testid="meta-leader-name">
              {d.name}
            </h1>
            <p className="text-sm text-muted">
              {t('leader.lead', { count: d.decks, from: formatDay(d.from, { dateStyle: 'medium' }, language), to: formatDay(d.to, { dateStyle: 'medium' }, language) })}
            </p>
          </div>
        </div>
        <div className="mt-5">
          <MetaControls view={view} shown={{ from: d.from, to: d.to }} onChange={setView} />
        </div>
      </div>
      <section aria-labelledby="meta-consensus-title" className="flex flex-col gap-3">
        <div>
          <h2 id="meta-consensus-title" className="text-lg font-semibold">
            {t('consensus.title')}
          </h2>
          <p className="mt-0.5 text-sm text-muted">{t('consensus.lead', { count: d.decks })}</p>
        </div>
        <ConsensusList cards={d.cards} />
      </section>
      <section aria-labelledby="meta-lists-title" className="flex flex-col gap-3">
        <h2 id="meta-lists-title" className="text-lg font-semibold">
          {t('lists.title', { count: d.lists.length })}
        </h2>
        <LeaderLists lists={d.lists} chosen={chosen?.deckId ?? null} onChoose={choose} />
      </section>
      {chosen && (
        <div id="meta-build" className="scroll-mt-20">
          {signedIn ? (
            <Suspense fallback={<Skeleton className="h-64 w-full rounded-xl" />}>
              <BuildItPanel list={chosen} />
            </Suspense>
          ) : (
            <SignedOutBuild list={chosen} />
          )}
        </div>
      )}
    </div>
  );
}
