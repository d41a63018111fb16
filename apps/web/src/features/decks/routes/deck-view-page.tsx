import { DECK_GROUPINGS, type DeckGrouping } from '@grandline/core/decks/stats';
import { Download, Link2, Pencil, Share2 } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { CardImage } from '../../../components/card/card-image';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/misc';
import { ErrorState, NotFoundState } from '../../../components/ui/query-states';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { notify } from '../../../lib/toast';
import { deckQuery, useDeck } from '../api/decks-api';
import { FormatBadge, ValidityBadge, VisibilityBadge } from '../components/deck-badges';
import { DeckRows } from '../components/deck-rows';
import { DeckStatsPanel } from '../components/deck-stats';
import { ExportDialog } from '../components/export-dialog';
import { OpeningHandPanel } from '../components/opening-hand';
import { ShareDialog } from '../components/share-dialog';
import { ValidationPanel } from '../components/validation-panel';

export const loader = ({ params }: LoaderFunctionArgs) => {
  void queryClient.prefetchQuery(deckQuery(params.id!));
  return null;
};

const tabClass =
  'h-8 shrink-0 cursor-pointer whitespace-nowrap rounded-md px-3 text-sm font-medium text-muted hover:text-fg data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow-sm';

/** /deck/{id} (public): a deck as others see it; private decks are "doesn't exist or is private" for others. */
export function DeckViewPage() {
  const { t } = useTranslation('decks');
  const { id = '' } = useParams();
  const deck = useDeck(id);
  const [dialog, setDialog] = useState<'export' | 'share' | null>(null);
  const [grouping, setGrouping] = useState<DeckGrouping>('category');
  useEffect(() => {
    document.title = `${deck.data?.name ?? t('view.title')} · Grand Line`;
  }, [t, deck.data?.name]);

  if (deck.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (deck.isError) {
    if (deck.error instanceof ApiError && deck.error.status === 404) return <NotFoundState title={t('view.notFound')} hint={t('view.notFoundHint')} />;
    return <ErrorState title={t('view.loadFailed')} onRetry={() => void deck.refetch()} />;
  }
  const d = deck.data;
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/deck/${d.id}`);
      notify.success(t('share.copied'));
    } catch {
      notify.error(t('export.copyFailed'));
    }
  };
  return (
    <div className="flex flex-col gap-6" data-testid="deck-view">
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[12rem_1fr]">
        <div className="mx-auto w-40 md:w-48">{d.cover ?? d.leader ? <CardImage card={(d.cover ?? d.leader)!} eager /> : <div className="aspect-[600/838] rounded-[4.5%] border border-dashed border-border" />}</div>
        <div className="flex min-w-0 flex-col gap-3">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid="deck-title">
            {d.name}
          </h1>
          <p className="text-sm text-muted">{d.owner.username ? t('view.by', { name: d.owner.username }) : t('view.byUnknown')}</p>
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
          {d.description && <p className="whitespace-pre-line text-sm">{d.description}</p>}
          <div className="flex flex-wrap gap-2">
            {d.owner.isYou && (
              <Link to={`/deck/${d.id}/edit`} className={buttonClass('primary', 'md')} data-testid="edit-deck">
                <Pencil className="h-4 w-4" aria-hidden />
                {t('actions.edit')}
              </Link>
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
      <Tabs.Root defaultValue="list" className="flex flex-col gap-3">
        <Tabs.List aria-label={t('editor.deckViews')} className="inline-flex w-fit max-w-full gap-1 overflow-x-auto rounded-lg bg-surface-2 p-1">
          <Tabs.Trigger value="list" className={tabClass}>
            {t('editor.tabs.list', { count: d.mainCount })}
          </Tabs.Trigger>
          <Tabs.Trigger value="stats" className={tabClass}>
            {t('editor.tabs.stats')}
          </Tabs.Trigger>
          <Tabs.Trigger value="hand" className={tabClass}>
            {t('editor.tabs.hand')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="list" className="flex flex-col gap-3 outline-none">
          <div className="flex items-center justify-end gap-2">
            <span className="text-xs text-muted">{t('editor.groupBy')}</span>
            <Select label={t('editor.groupBy')} compact value={grouping} onValueChange={(v) => setGrouping(v as DeckGrouping)} options={DECK_GROUPINGS.map((g) => ({ value: g, label: t(`groups.by.${g}`) }))} />
          </div>
          <DeckRows rows={d.cards} grouping={grouping} />
        </Tabs.Content>
        <Tabs.Content value="stats" className="outline-none">
          <DeckStatsPanel rows={d.cards} />
        </Tabs.Content>
        <Tabs.Content value="hand" className="outline-none">
          <OpeningHandPanel rows={d.cards} />
        </Tabs.Content>
      </Tabs.Root>
      <ExportDialog open={dialog === 'export'} onOpenChange={(o) => setDialog(o ? 'export' : null)} name={d.name} leader={d.leader} rows={d.cards} />
      <ShareDialog open={dialog === 'share'} onOpenChange={(o) => setDialog(o ? 'share' : null)} deckId={d.id} isPublic={d.isPublic} />
    </div>
  );
}
