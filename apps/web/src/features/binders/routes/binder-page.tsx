import { BINDER_ID } from '@grandline/core/collection/options';
import type { BinderDetail } from '@grandline/core/contracts/binders';
import { BarChart3, Download, FileUp, LayoutGrid, Plus, Share2, Wallet } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { preloadable } from '@/lib/preloadable';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CardImage } from '@/components/card/card-image';
import { Button } from '@/components/ui/button';
import { DetailState, NotFoundState, PageSkeleton } from '@/components/ui/query-states';
import { tabList, tabTrigger } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { useBinder } from '@/features/binders/api/binders-api';
import { BinderCards } from '@/features/binders/components/binder-cards';
import { BinderVisibilityBadge, CategoryBadge } from '@/features/binders/components/binder-badges';
import { CollectionStatsPanel } from '@/features/binders/components/binder-stats';
import { BinderUpdated } from '@/features/binders/components/binder-updated';
import { BinderValueCard } from '@/features/binders/components/binder-value-card';
import { BinderValuePanel } from '@/features/binders/components/binder-value-panel';
import { PageTitle } from '@/components/page-title';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { rememberReturnTo } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { Tabs } from '@/components/ui/tabs';

/** The dialogs load when first opened: a visitor reading a public binder never downloads the editing code. */
const AddCardsDialog = lazy(() => import('@/features/binders/components/add-cards-dialog').then((m) => ({ default: m.AddCardsDialog })));
const ImportDialog = lazy(() => import('@/features/binders/components/import-dialog').then((m) => ({ default: m.ImportDialog })));
const ExportDialog = lazy(() => import('@/features/binders/components/export-dialog').then((m) => ({ default: m.ExportDialog })));
const ShareBinderDialog = lazy(() => import('@/features/binders/components/binder-dialogs').then((m) => ({ default: m.ShareBinderDialog })));
const EditBinderDialog = lazy(() => import('@/features/binders/components/binder-dialogs').then((m) => ({ default: m.EditBinderDialog })));
// The owner's menu (Radix's dropdown): a visitor's page never loads it, nor Radix; loaded before a page drawn for its
// owner hydrates (ADR 026), so a first tap on it is not lost.
const BinderOwnerMenu = preloadable(() => import('@/features/binders/components/binder-owner-menu').then((m) => m.BinderOwnerMenu), null);
const DeleteBinderDialog = lazy(() => import('@/features/binders/components/binder-dialogs').then((m) => ({ default: m.DeleteBinderDialog })));

const validId = (id: string | undefined) => BINDER_ID.test(id ?? '');

type Dialog = 'add' | 'import' | 'export' | 'share' | 'edit' | 'delete' | null;

function Header({ binder, wishlist, onOpen }: { binder: BinderDetail; wishlist: boolean; onOpen: (d: Exclude<Dialog, null>) => void }) {
  const { t } = useTranslation('binders');
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
          <BinderUpdated at={binder.updatedAt} />
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
            <Suspense fallback={<span className="inline-block h-10 w-10" aria-hidden />}>
              <BinderOwnerMenu onOpen={onOpen} />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}

/** A binder (or the wishlist): header with actions, its cards, and statistics. */
/** `summary`: what the page shows under the binder's header (the wishlist's cost), where a binder shows its value. */
export function BinderView({ id, wishlist = false, summary }: { id: string; wishlist?: boolean; summary?: ReactNode }) {
  const { t } = useTranslation('binders');
  const navigate = useNavigate();
  const binder = useBinder(id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { signedIn } = useSession();

  if (!binder.isSuccess) {
    // Signed out, a private binder looks missing: offer to sign in and come back here (it shows if it is yours).
    const signIn = () => {
      rememberReturnTo(`${window.location.pathname}${window.location.search}`);
      void navigate('/auth');
    };
    const hint = signedIn ? (
      t('notFound.hint')
    ) : (
      <span className="flex flex-col items-center gap-3">
        {t('notFound.hintSignedOut')}
        <Button onClick={signIn} data-testid="binder-sign-in">
          {t('notFound.signIn')}
        </Button>
      </span>
    );
    return (
      <DetailState
        query={binder}
        loading={<PageSkeleton blocks={['h-32', 'h-96']} />}
        notFound={{ title: t('notFound.title'), hint }}
        failedTitle={t('loadFailed')}
      />
    );
  }
  const data = binder.data;
  const editable = data.owner.isYou;
  const close = (o: boolean) => !o && setDialog(null);
  // The market value of what the binder holds (the wishlist holds what is wanted, not owned: no value there).
  const valued = !wishlist && data.cardCount > 0;
  return (
    <div data-testid="binder-page">
      <PageTitle title={wishlist ? t('wishlist.title') : data.name} />
      <Header binder={data} wishlist={wishlist} onOpen={setDialog} />
      {valued && <BinderValueCard binderId={data.id} owner={editable} />}
      {summary}
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
          {valued && (
            <Tabs.Trigger value="value" className={cn(tabTrigger, 'inline-flex items-center')} data-testid="tab-binder-value">
              <Wallet className="mr-1.5 h-4 w-4" aria-hidden />
              {t('tabs.value')}
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="cards" className="outline-none">
          <BinderCards binder={data} editable={editable} onAddCards={() => setDialog('add')} />
        </Tabs.Content>
        <Tabs.Content value="stats" className="outline-none">
          <CollectionStatsPanel stats={data.stats} />
        </Tabs.Content>
        {valued && (
          <Tabs.Content value="value" className="outline-none">
            <BinderValuePanel binderId={data.id} />
          </Tabs.Content>
        )}
      </Tabs.Root>
      {/* Comments on a public binder: drawn after hydration and near the screen only, never in the server's drawing. */}
      {!wishlist && data.isPublic && <CommentsSection kind="binder" id={data.id} />}
      <Suspense fallback={null}>
        {editable && dialog === 'add' && <AddCardsDialog open onOpenChange={close} binderId={data.id} />}
        {editable && dialog === 'import' && <ImportDialog open onOpenChange={close} binderId={data.id} />}
        {dialog === 'export' && <ExportDialog open onOpenChange={close} binderId={data.id} cardCount={data.cardCount} />}
        {dialog === 'share' && <ShareBinderDialog open onOpenChange={close} binder={data} editable={editable} />}
        {editable && dialog === 'edit' && <EditBinderDialog open onOpenChange={close} binder={data} />}
        {editable && dialog === 'delete' && (
          <DeleteBinderDialog open onOpenChange={close} binder={data} onDeleted={() => void navigate(wishlist ? '/wishlist' : '/collection', { replace: true })} />
        )}
      </Suspense>
    </div>
  );
}

/** /collection/{id}: public for public binders, owner-only otherwise; 'Invalid binder ID' for a malformed id. */
export function BinderPage() {
  const { id } = useParams();
  if (!validId(id)) return <InvalidBinderId />;
  return <BinderView key={id} id={id!} />;
}

/** 'Invalid binder ID' (the message lives with the other validation texts, loaded only here). */
function InvalidBinderId() {
  const { t } = useTranslation(['binders', 'account']);
  return <NotFoundState title={t('validation.binderIdInvalid')} hint={t('notFound.invalidHint')} />;
}
