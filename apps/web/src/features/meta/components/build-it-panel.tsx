import type { DeckDetail } from '@grandline/core/contracts/decks';
import type { MetaList } from '@grandline/core/contracts/tournaments';
import { Copy } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/query-states';
import { Skeleton } from '@/components/ui/skeleton';
import { errorText } from '@/lib/error-text';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useMyBinders, useOwned } from '@/features/binders/api/binders-api';
import { useDeck } from '@/features/decks/api/decks-api';
import { copyDeck } from '@/features/decks/api/save-deck';
import { BuyListPanel } from '@/features/decks/components/buy-list-panel';
import { CollectionCheckPanel } from '@/features/decks/components/collection-check-panel';
import { AddMissingButton } from '@/features/decks/components/add-missing-button';
import { listPrints, missingOfList } from '@/features/meta/missing-exports';
import { BuildItFrame } from './build-it-frame';
import { MissingExportButtons } from './missing-export-buttons';

function PanelSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <Skeleton className="h-24 w-full rounded-xl" />
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  );
}

/** No Personal or Trade binder: everything is missing; the buy list and "add to wishlist" still work. */
function WithoutBinders({ deck }: { deck: DeckDetail }) {
  const { t } = useTranslation('meta');
  const prints = useMemo(() => listPrints(deck.cards, deck.leader), [deck]);
  return (
    <div className="flex flex-col gap-3" data-testid="collection-check" data-state="no-binders">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-surface p-4">
        <p className="text-sm">{t('build.noBinders')}</p>
        <AddMissingButton missingCards={prints} />
      </div>
      <BuyListPanel rows={deck.cards} leader={deck.leader} />
    </div>
  );
}

/** What the user owns of the list and what the rest costs: the deck's own collection check and buy list, and the exports. */
function BuildItBody({ deck }: { deck: DeckDetail }) {
  const binders = useMyBinders();
  const shelves = binders.data?.filter((b) => b.category === 'personal' || b.category === 'trade');
  const owned = useOwned(Boolean(shelves?.length));
  const { t } = useTranslation('meta');
  const missing = useMemo(() => {
    if (!binders.data || (shelves?.length && !owned.data)) return [];
    return missingOfList(deck.cards, deck.leader, owned.data ?? {});
  }, [binders.data, shelves?.length, owned.data, deck]);
  if (binders.isError) return <ErrorState title={t('build.loadFailed')} onRetry={() => void binders.refetch()} />;
  if (binders.isPending) return <PanelSkeleton />;
  const leader = deck.leader ?? { name: deck.name, cardNumber: '' };
  return (
    <div className="flex flex-col gap-4">
      {/* The exports first: the collection check and the buy list under them are long. */}
      <MissingExportButtons missing={missing} leader={leader} />
      {shelves?.length ? <CollectionCheckPanel rows={deck.cards} leader={deck.leader} /> : <WithoutBinders deck={deck} />}
    </div>
  );
}

/**
 * "Build it" for one of the leader's lists (signed in) (issue 43): owned and missing copies over the user's Personal and Trade
 * binders, the missing ones to the wishlist in one press, their cost in the user's currency on the cheapest split and
 * on each market (the deck page's own panels), and the exports for TCGplayer and Cardmarket.
 */
export function BuildItPanel({ list }: { list: MetaList }) {
  const { t } = useTranslation('meta');
  const { termsAccepted } = useSession();
  const deck = useDeck(list.deckId);
  const navigate = useNavigate();
  const [copying, setCopying] = useState(false);
  const copyToMine = async () => {
    if (copying) return;
    setCopying(true);
    try {
      const copy = await copyDeck(list.deckId);
      notify.success(t('build.copied', { name: copy.name }));
      void navigate(`/deck/${copy.id}/edit`);
    } catch (err) {
      notify.failure(err, errorText(err, 'meta:build.copyFailed'));
    } finally {
      setCopying(false);
    }
  };
  let body;
  if (deck.isError) body = <ErrorState title={t('build.loadFailed')} onRetry={() => void deck.refetch()} />;
  else if (!deck.data) body = <PanelSkeleton />;
  else body = <BuildItBody deck={deck.data} />;
  const actions = termsAccepted ? (
    <Button variant="secondary" onClick={() => void copyToMine()} aria-busy={copying} data-testid="meta-copy-list">
      <Copy className="h-4 w-4" aria-hidden />
      {t('build.copy')}
    </Button>
  ) : undefined;
  return (
    <BuildItFrame list={list} actions={actions}>
      {body}
    </BuildItFrame>
  );
}
