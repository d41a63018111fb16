import { BinderIdParam, type BinderDetail } from '@grandline/core/contracts/binders';
import { BarChart3, Download, FileUp, LayoutGrid, MoreHorizontal, Pencil, Plus, Share2, Trash2 } from 'lucide-react';
import { DropdownMenu, Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { CardImage } from '../../../components/card/card-image';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/misc';
import { ErrorState, NotFoundState } from '../../../components/ui/query-states';
import { menuItem, popoverSurface, tabList, tabTrigger } from '../../../components/ui/styles';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { queryClient } from '../../../lib/query-client';
import { binderQuery, useBinder } from '../api/binders-api';
import { AddCardsDialog } from '../components/add-cards-dialog';
import { BinderCards } from '../components/binder-cards';
import { BinderVisibilityBadge, CategoryBadge } from '../components/binder-badges';
import { DeleteBinderDialog, EditBinderDialog, ShareBinderDialog } from '../components/binder-dialogs';
import { CollectionStatsPanel } from '../components/binder-stats';
import { ExportDialog } from '../components/export-dialog';
import { ImportDialog } from '../components/import-dialog';

const validId = (id: string | undefined) => BinderIdParam.safeParse({ id }).success;

export const loader = ({ params }: LoaderFunctionArgs) => {
  if (validId(params.id)) void queryClient.prefetchQuery(binderQuery(params.id!));
  return null;
};

type Dialog = 'add' | 'import' | 'export' | 'share' | 'edit' | 'delete' | null;

function Header({ binder, wishlist, onOpen }: { binder: BinderDetail; wishlist: boolean; onOpen: (d: Exclude<Dialog, null>) => void }) {
  const { t, i18n } = useTranslation('binders');
  const editable = binder.owner.isYou;
  const art = binder.preview;
  return (
    <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="w-20 shrink-0 sm:w-24">
        {art ? <CardImage card={art} eager /> : <div className="flex aspect-[600/838] items-center justify-center rounded-[4.5%] border border-dashed border-border bg-surface-2 text-muted"><LayoutGrid className="h-6 w-6" aria-hidden /></div>}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl" data-testid="binder-title">
          {wishlist ? t('wishlist.title') : binder.name}
        </h1>
        {binder.description && <p className="max-w-2xl whitespace-pre-line text-sm text-muted">{binder.description}</p>}
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
          {!wishlist && <CategoryBadge category={binder.category} />}
          <BinderVisibilityBadge isPublic={binder.isPublic} />
          <span data-testid="binder-count">{t('counts', { count: binder.cardCount, distinct: binder.distinctCount })}</span>
          {!editable && binder.owner.username && <span>{t('by', { username: binder.owner.username })}</span>}
          <span>{t('updated', { date: new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium' }).format(new Date(binder.updatedAt)) })}</span>
        </div>
        <div className="mt-2 flex flex-wrap gap-2">
          {editable && (
            <Button onClick={() => onOpen('add')} data-testid="binder-add-cards">
              <Plus className="h-4 w-4" aria-hidden />
              {t('actions.addCards')}
            </Button>
          )}
          {editable && (
            <Button variant="secondary" onClick={() => onOpen('import')} data-testid="binder-import">
              <FileUp className="h-4 w-4" aria-hidden />
              {t('actions.import')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => onOpen('export')} data-testid="binder-export">
            <Download className="h-4 w-4" aria-hidden />
            {t('actions.export')}
          </Button>
          <Button variant="secondary" onClick={() => onOpen('share')} data-testid="binder-share">
            <Share2 className="h-4 w-4" aria-hidden />
            {t('actions.share')}
          </Button>
          {editable && (
            <DropdownMenu.Root>
              <DropdownMenu.Trigger className="inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-lg border border-border hover:bg-surface-2" aria-label={t('actions.more')} data-testid="binder-more">
                <MoreHorizontal className="h-4 w-4" aria-hidden />
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content align="start" sideOffset={6} className={`${popoverSurface} min-w-44 p-1`}>
                  <DropdownMenu.Item className={menuItem} onSelect={() => onOpen('edit')} data-testid="binder-edit">
                    <Pencil className="h-4 w-4" aria-hidden />
                    {t('actions.edit')}
                  </DropdownMenu.Item>
                  <DropdownMenu.Item className={cn(menuItem, 'text-danger')} onSelect={() => onOpen('delete')} data-testid="binder-delete">
                    <Trash2 className="h-4 w-4" aria-hidden />
                    {t('actions.delete')}
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          )}
        </div>
      </div>
    </header>
  );
}

/** A binder (or the wishlist): header with actions, its cards, and statistics. */
export function BinderView({ id, wishlist = false }: { id: string; wishlist?: boolean }) {
  const { t } = useTranslation(['binders', 'account', 'common']);
  const navigate = useNavigate();
  const binder = useBinder(id);
  const [dialog, setDialog] = useState<Dialog>(null);
  useEffect(() => {
    if (binder.data) document.title = `${wishlist ? t('wishlist.title') : binder.data.name} · Grand Line`;
  }, [binder.data, wishlist, t]);

  if (binder.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <Skeleton className="h-32" />
        <Skeleton className="h-96" />
      </div>
    );
  }
  if (binder.isError) {
    if (binder.error instanceof ApiError && binder.error.status === 404) return <NotFoundState title={t('notFound.title')} hint={t('notFound.hint')} />;
    return <ErrorState title={t('loadFailed')} onRetry={() => void binder.refetch()} />;
  }
  const data = binder.data;
  const editable = data.owner.isYou;
  const close = (o: boolean) => !o && setDialog(null);
  return (
    <div data-testid="binder-page">
      <Header binder={data} wishlist={wishlist} onOpen={setDialog} />
      <Tabs.Root defaultValue="cards" className="flex flex-col gap-4">
        <Tabs.List aria-label={t('tabs.label')} className={tabList}>
          <Tabs.Trigger value="cards" className={cn(tabTrigger, 'inline-flex items-center')}>
            <LayoutGrid className="mr-1.5 h-4 w-4" aria-hidden />
            {t('tabs.cards')}
          </Tabs.Trigger>
          <Tabs.Trigger value="stats" className={cn(tabTrigger, 'inline-flex items-center')} data-testid="tab-binder-stats">
            <BarChart3 className="mr-1.5 h-4 w-4" aria-hidden />
            {t('tabs.stats')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="cards" className="outline-none">
          <BinderCards binder={data} editable={editable} onAddCards={() => setDialog('add')} />
        </Tabs.Content>
        <Tabs.Content value="stats" className="outline-none">
          <CollectionStatsPanel stats={data.stats} />
        </Tabs.Content>
      </Tabs.Root>
      {editable && <AddCardsDialog open={dialog === 'add'} onOpenChange={close} binderId={data.id} />}
      {editable && <ImportDialog open={dialog === 'import'} onOpenChange={close} binderId={data.id} />}
      <ExportDialog open={dialog === 'export'} onOpenChange={close} binderId={data.id} cardCount={data.cardCount} />
      <ShareBinderDialog open={dialog === 'share'} onOpenChange={close} binder={data} editable={editable} />
      {editable && <EditBinderDialog open={dialog === 'edit'} onOpenChange={close} binder={data} />}
      {editable && (
        <DeleteBinderDialog open={dialog === 'delete'} onOpenChange={close} binder={data} onDeleted={() => void navigate(wishlist ? '/wishlist' : '/collection', { replace: true })} />
      )}
    </div>
  );
}

/** /collection/{id}: public for public binders, owner-only otherwise; 'Invalid binder ID' for a malformed id. */
export function BinderPage() {
  const { t } = useTranslation(['binders', 'account']);
  const { id } = useParams();
  if (!validId(id)) return <NotFoundState title={t('account:validation.binderIdInvalid')} hint={t('notFound.invalidHint')} />;
  return <BinderView key={id} id={id!} />;
}
