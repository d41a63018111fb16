import { Copy, Download, Link2, Pencil, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { CardImage } from '@/components/card/card-image';
import { Button, buttonClass } from '@/components/ui/button';
import { DetailState, PageSkeleton } from '@/components/ui/query-states';
import { fetchOptional, queryClient } from '@/lib/query-client';
import { readPreferences } from '@/lib/preferences';
import { latestPricesQueryOptions } from '@/features/prices/api/get-latest-prices';
import { copyWithToast } from '@/lib/clipboard';
import { deckPrintIds, deckQuery, useDeck } from '@/features/decks/api/decks-api';
import { leaderPlaysQuery, useLeaderPlays } from '@/features/decks/api/get-leader-plays';
import { LeaderPlaysLine, TournamentOrigin } from '@/features/decks/components/deck-meta-lines';
import { copyDeck } from '@/features/decks/api/save-deck';
import { errorText } from '@/lib/error-text';
import { ensureSession, useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { FormatBadge, ValidityBadge, VisibilityBadge } from '@/features/decks/components/deck-badges';
import { DeckTabs } from '@/features/decks/components/deck-tabs';
import { ExportDialog } from '@/features/decks/components/export-dialog';
import { ShareDialog } from '@/features/decks/components/share-dialog';
import { ValidationPanel } from '@/features/decks/components/validation-panel';
import { PageTitle } from '@/components/page-title';
import { CommentsSection } from '@/features/comments/components/comments-section';

/** The deck is fetched meanwhile; the page waits for the session (usually there already) so that the actions that
 * depend on who is looking (edit, copy) are drawn with the rest rather than popping in and pushing the others. */
export const loader = async ({ params }: LoaderFunctionArgs) => {
  const { marketplace, currency } = readPreferences();
  // Once the deck (and so its leader) is known: the leader's tournament decks, whose line is part of the first frame,
  // and the deck's prices in this browser's marketplace and currency (the value and each row's). The server's drawing
  // waits for both (entry-server.tsx), so the page it sends shows them and nothing is fetched again once hydrated.
  void queryClient.fetchQuery(deckQuery(params.id!)).then(
    (d) =>
      Promise.all([
        d.leader ? queryClient.prefetchQuery(leaderPlaysQuery(d.leader.cardNumber, d.format)) : undefined,
        fetchOptional(latestPricesQueryOptions(deckPrintIds(d.leader, d.cards), marketplace, currency)),
      ]),
    () => undefined,
  );
  await ensureSession().catch(() => null);
  return null;
};

/** /deck/{id} (public): a deck as others see it; private decks are "doesn't exist or is private" for others. */
export function DeckViewPage() {
  const { t } = useTranslation('decks');
  const { id = '' } = useParams();
  const deck = useDeck(id);
  const plays = useLeaderPlays(deck.data?.leader?.cardNumber, deck.data?.format ?? 'standard');
  const [dialog, setDialog] = useState<'export' | 'share' | null>(null);
  const { signedIn, termsAccepted } = useSession();
  const navigate = useNavigate();
  const [copying, setCopying] = useState(false);
  const title = <PageTitle title={deck.data?.name ?? t('view.title')} />;

  // The page waits for the leader's tournament figures too (a failure shows no line): drawn later, their line pushed the page.
  if (!deck.isSuccess || (deck.data.leader && plays.isPending)) {
    return (
      <>
        {title}
        <DetailState
          query={deck}
          loading={<PageSkeleton blocks={['h-10 w-1/2', 'h-64']} />}
          notFound={{ title: t('view.notFound'), hint: t('view.notFoundHint') }}
          failedTitle={t('view.loadFailed')}
        />
      </>
    );
  }
  const d = deck.data;
  const copyToMine = async () => {
    setCopying(true);
    try {
      const copy = await copyDeck(d.id);
      notify.success(t('copy.done', { name: copy.name }));
      void navigate(`/deck/${copy.id}/edit`);
    } catch (err) {
      notify.failure(err, errorText(err, 'decks:copy.failed'));
    } finally {
      setCopying(false);
    }
  };
  const copyLink = () => copyWithToast(`${window.location.origin}/deck/${d.id}`, { done: t('share.copied'), failed: t('export.copyFailed') });
  return (
    <div className="flex flex-col gap-6" data-testid="deck-view">
      {title}
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[12rem_1fr]">
        <div className="mx-auto w-40 md:w-48">{d.cover ?? d.leader ? <CardImage card={(d.cover ?? d.leader)!} eager sizes="192px" /> : <div className="aspect-[600/838] rounded-[4.5%] border border-dashed border-border" />}</div>
        <div className="flex min-w-0 flex-col gap-3">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid="deck-title">
            {d.name}
          </h1>
          {d.tournament ? (
            <TournamentOrigin tournament={d.tournament} />
          ) : (
            <p className="text-sm text-muted">{d.owner.username ? t('view.by', { name: d.owner.username }) : t('view.byUnknown')}</p>
          )}
          <div className="flex flex-wrap gap-2">
            <FormatBadge format={d.format} />
            <ValidityBadge valid={d.valid} />
            <VisibilityBadge isPublic={d.isPublic} />
          </div>
          {d.leader && (
            <p className="text-sm">
              <span className="text-muted">{t('editor.leader')}: </span>
              <span className="font-medium">{d.leader.name}</span> <span className="font-mono text-xs text-muted">{d.leader.cardNumber}</span>
            </p>
          )}
          {d.leader && plays.data && <LeaderPlaysLine cardNumber={d.leader.cardNumber} format={d.format} decks={plays.data.decks} />}
          {d.description && <p className="whitespace-pre-line text-sm">{d.description}</p>}
          <div className="flex flex-wrap gap-2">
            {d.owner.isYou && (
              <Link to={`/deck/${d.id}/edit`} className={buttonClass('primary', 'md')} data-testid="edit-deck">
                <Pencil className="h-4 w-4" aria-hidden />
                {t('actions.edit')}
              </Link>
            )}
            {signedIn && termsAccepted && (
              <Button variant={d.owner.isYou ? 'secondary' : 'primary'} onClick={() => void copyToMine()} disabled={copying} data-testid="copy-deck">
                <Copy className="h-4 w-4" aria-hidden />
                {t('copy.action')}
              </Button>
            )}
            <Button variant="secondary" onClick={() => void copyLink()}>
              <Link2 className="h-4 w-4" aria-hidden />
              {t('share.copy')}
            </Button>
            <Button variant="secondary" onClick={() => setDialog('share')}>
              <Share2 className="h-4 w-4" aria-hidden />
              {t('actions.share')}
            </Button>
            <Button variant="secondary" onClick={() => setDialog('export')}>
              <Download className="h-4 w-4" aria-hidden />
              {t('actions.export')}
            </Button>
          </div>
        </div>
      </div>
      <ValidationPanel validation={d.validation} leader={d.leader} rows={d.cards} />
      {/* Signed in: the collection check and buy list against the reader’s own binders (their deck or a public one). */}
      <DeckTabs rows={d.cards} mainCount={d.mainCount} leader={d.leader} withCollection={signedIn && termsAccepted} />
      {/* Comments are for public decks (their owner sees them too); they load when scrolled near. */}
      {d.isPublic && <CommentsSection kind="deck" id={d.id} />}
      <ExportDialog open={dialog === 'export'} onOpenChange={(o) => setDialog(o ? 'export' : null)} name={d.name} leader={d.leader} rows={d.cards} />
      <ShareDialog open={dialog === 'share'} onOpenChange={(o) => setDialog(o ? 'share' : null)} deckId={d.id} isPublic={d.isPublic} />
    </div>
  );
}
