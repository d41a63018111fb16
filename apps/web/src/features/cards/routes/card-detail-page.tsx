import type { Card } from '@grandline/core/contracts/cards';
import { canonicalCardRedirect, cardIdFromPathSegment, cardPath } from '@grandline/core/slug';
import { ArrowLeft, Link2 } from 'lucide-react';
import { Fragment, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { loadNamespaces } from '@/lib/i18n';
import { preloadable } from '@/lib/preloadable';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { copyWithToast } from '@/lib/clipboard';
import { Button, buttonClass } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { DetailState } from '@/components/ui/query-states';
import { queryClient } from '@/lib/query-client';
import { cardQueryOptions, useCard } from '@/cards/api/get-card';
import { CardImage } from '@/components/card/card-image';
import { ensureSession, USER_SCOPE, useSession } from '@/lib/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ColorDots } from '@/components/card/color-dots';
import { useQuickAdd } from '@/features/quick-add/api/quick-add-store';
import { PageTitle } from '@/components/page-title';
import { cardPricesQueryOptions } from '@/features/prices/api/get-card-prices';
import { CardPricesSection } from '@/features/prices/components/card-prices-section';
import { readPreferences } from '@/lib/preferences';
import { CardLegality } from '@/features/cards/components/card-legality';
import { CardHoldings, cardHoldingsQuery } from '@/features/cards/components/card-holdings';
import { CardPrintNotes } from '@/features/cards/components/card-print-notes';
import { formatCounter, formatOptional } from '@/lib/format';
import { rarityName } from '@/components/card/rarity';
import { productCode } from '@grandline/core/set-code';

/*
 * The actions row's buttons live in their features' chunks. Their code (and, for a signed-in user, the data that
 * sizes them) is part of what the page waits for, like the card itself, so the row is complete in its first frame:
 * buttons arriving one by one wrapped the row and pushed the whole page down (layout shift 0.16 at 1366 px, issue
 * 46). The page waits, not the route's loader: a loader that waits keeps the first load on the shell's placeholder,
 * whose header menus are thrown away with it (a click on Currency then was lost).
 */
/** Signed-in users can add the card to one of their decks or binders (loaded only for them). */
const AddToDeckMenu = preloadable(() => import('@/features/decks/components/add-to-deck-menu').then((m) => m.AddToDeckMenu), null);
const AddToBinderMenu = preloadable(() => import('@/features/binders/components/add-to-binder-menu').then((m) => m.AddToBinderMenu), null);
/** Everyone sees the wishlist heart; visitors are asked to sign in when they press it. */
const WishlistButton = preloadable(() => import('@/features/binders/components/wishlist-button').then((m) => m.WishlistButton));
/** "Add to watchlist": a price alert on this print (visitors are asked to sign in). */
const WatchButton = preloadable(() => import('@/features/watches/components/watch-button').then((m) => m.WatchButton));
/** The quick-add bar follows the user from the library while the mode is on. */
const QuickAddBar = lazy(() => import('@/features/quick-add/components/quick-add-bar').then((m) => ({ default: m.QuickAddBar })));

/** Card text with its [keyword] tags set apart. */
function CardText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-line leading-relaxed">
      {text.split(/(\[[^[\]]+\])/g).map((part, i) =>
        /^\[[^[\]]+\]$/.test(part) ? (
          <span key={i} className="mx-0.5 rounded bg-surface-2 px-1 py-0.5 text-xs font-semibold text-fg ring-1 ring-border">
            {part.slice(1, -1)}
          </span>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-lg bg-surface-2/60 px-3 py-2" data-testid={testId}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="text-sm font-semibold">{children}</dd>
    </div>
  );
}

function Variations({ current, cards }: { current: Card; cards: Card[] }) {
  const { t } = useTranslation('cards');
  const all = [current, ...cards].sort((a, b) => a.id - b.id);
  if (all.length < 2) return null;
  return (
    <section className="mt-10" aria-labelledby="variations-title">
      <h2 id="variations-title" className="mb-4 text-lg font-semibold">
        {t('detail.variations', { count: all.length })}
      </h2>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-6" data-testid="variations">
        {all.map((v) => (
          <li key={v.id}>
            <Link
              to={cardPath(v)}
              aria-current={v.id === current.id ? 'page' : undefined}
              className="flex flex-col gap-1.5 rounded-lg p-1 hover:bg-surface-2 aria-[current=page]:ring-2 aria-[current=page]:ring-accent"
            >
              <CardImage card={v} sizes="(min-width: 768px) 120px, 30vw" />
              <span className="truncate text-xs text-muted">
                {v.variant ? t('detail.variantLabel', { variant: v.variant }) : t('detail.basePrint')}
                {v.set ? ` · ${v.set.code ? productCode(v.set.code) : v.set.name}` : ''}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How long the page waits for the actions row's code and data before it is drawn anyway. */
const ACTIONS_WAIT_MS = 2000;

/**
 * The actions row's code and texts, and for a signed-in user what sizes it: the holdings list, the watch count, the
 * wishlist heart. (A button whose texts were still loading suspended, and React reveals a suspended part in steps.)
 */
async function loadActions(id: number): Promise<unknown> {
  const session = await ensureSession().catch(() => null);
  const parts: Promise<unknown>[] = [WishlistButton.preload(), WatchButton.preload(), loadNamespaces(session ? ['quickadd', 'decks'] : ['quickadd'])];
  if (session) {
    parts.push(
      AddToDeckMenu.preload(),
      AddToBinderMenu.preload(),
      queryClient.prefetchQuery(cardHoldingsQuery(id)),
      import('@/features/watches/api/watches-api').then((m) => queryClient.prefetchQuery(m.watchesQuery())),
      import('@/features/binders/api/binders-api').then((m) => queryClient.prefetchQuery(m.wishlistQuery())),
    );
  }
  return Promise.allSettled(parts);
}

/** Whether the actions row can be drawn whole (true once loaded, or after ACTIONS_WAIT_MS whatever is missing). */
const actionsReadyQuery = (id: number) =>
  queryOptions({
    queryKey: [USER_SCOPE, 'card-actions', id],
    queryFn: async () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([loadActions(id), new Promise((resolve) => (timer = setTimeout(resolve, ACTIONS_WAIT_MS)))]);
      clearTimeout(timer);
      return true;
    },
    staleTime: Infinity,
  });

export function loader({ params }: LoaderFunctionArgs) {
  const id = cardIdFromPathSegment(params.slug ?? '');
  if (id === null) return null;
  // Prices once the card is known to exist: a missing card's page asks for none (its answer is a 404).
  void queryClient.fetchQuery(cardQueryOptions(id)).then(
    () => queryClient.prefetchQuery(cardPricesQueryOptions(id, readPreferences().currency)),
    () => undefined,
  );
  void queryClient.prefetchQuery(actionsReadyQuery(id));
  return null;
}

/** The card page while the card (and its actions row) loads: the image and the text column's shapes. */
function CardPageSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-8 md:grid-cols-[minmax(0,22rem)_1fr]" aria-busy="true">
      <Skeleton className="aspect-[600/838] w-full" />
      <div className="flex flex-col gap-3">
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-32 w-full" />
      </div>
    </div>
  );
}

/**
 * The actions row: wishlist, watch, add to a deck or binder (signed-in users who accepted the terms) and copy link.
 * Its code and data are loaded before the page is drawn (actionsReadyQuery), so it appears whole.
 */
function CardActions({ card }: { card: Card }) {
  const { t } = useTranslation('cards');
  const { signedIn, termsAccepted } = useSession();
  const copyLink = () =>
    copyWithToast(`${window.location.origin}${cardPath(card)}`, { done: t('detail.linkCopied'), failed: t('detail.linkCopyFailed'), describe: true });
  return (
    <div className="flex flex-wrap gap-2" data-testid="card-actions">
      <Suspense fallback={null}>
        <WishlistButton card={card} />
      </Suspense>
      {(!signedIn || termsAccepted) && (
        <Suspense fallback={null}>
          <WatchButton card={card} />
        </Suspense>
      )}
      {signedIn && termsAccepted && (
        <Suspense fallback={null}>
          <AddToDeckMenu card={card} />
          <AddToBinderMenu card={card} />
        </Suspense>
      )}
      <Button variant="secondary" onClick={() => void copyLink()} data-testid="copy-link">
        <Link2 className="h-4 w-4" aria-hidden />
        {t('detail.copyLink')}
      </Button>
    </div>
  );
}

/** The card's facts: cost or life, power, counter, rarity, attribute, block, set and game. */
function CardFacts({ card }: { card: Card }) {
  const { t } = useTranslation('cards');
  return (
    <dl className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
      {card.cardType === 'Leader' ? <Field label={t('fields.life')}>{formatOptional(card.life)}</Field> : <Field label={t('fields.cost')}>{formatOptional(card.cost)}</Field>}
      <Field label={t('fields.power')} testId="field-power">{formatOptional(card.power)}</Field>
      <Field label={t('fields.counter')} testId="field-counter">{formatCounter(card.counter)}</Field>
      <Field label={t('fields.rarity')} testId="field-rarity">{rarityName(card.rarity)}</Field>
      <Field label={t('fields.attribute')}>{card.attributes.length ? card.attributes.map((a) => t(`attributes.${a}`, { defaultValue: a })).join(' / ') : '—'}</Field>
      <Field label={t('fields.block')}>{card.blockIcon ?? '—'}</Field>
      <Field label={t('fields.set')}>
        {card.set ? (
          <Link to={`/sets/${card.set.slug}`} className="hover:underline">
            {card.set.code ? productCode(card.set.code) : card.set.name}
          </Link>
        ) : (
          '—'
        )}
      </Field>
      <Field label={t('fields.game')}>{t(`games.${card.gameCategory}`, { ns: 'common' })}</Field>
    </dl>
  );
}

export function CardDetailPage() {
  const { t } = useTranslation('cards');
  const { slug = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = cardIdFromPathSegment(slug);
  const { data: card, isSuccess, error, refetch } = useCard(id);
  const actionsReady = useQuery({ ...actionsReadyQuery(id ?? 0), enabled: id !== null }).isSuccess;
  const { signedIn } = useSession();
  const quickAdd = useQuickAdd();

  // Only the id part has to be right: any other spelling is replaced by the canonical path. A full load of one is
  // redirected by the server before the page is drawn (ADR 026); this is for a navigation inside the app.
  useEffect(() => {
    const canonical = card ? canonicalCardRedirect(location.pathname, card) : null;
    if (canonical) navigate(canonical, { replace: true });
  }, [card, location.pathname, navigate]);

  const back = (
    <Link to="/cards" className={buttonClass('ghost', 'sm', 'mb-4 -ml-2')}>
      <ArrowLeft className="h-4 w-4" aria-hidden />
      {t('detail.backToLibrary')}
    </Link>
  );

  if (id === null || !isSuccess || !actionsReady) {
    return (
      <DetailState
        query={{ error, refetch }}
        missing={id === null}
        loading={<CardPageSkeleton />}
        notFound={{ title: t('errors.cardNotFound'), hint: t('errors.cardNotFoundHint') }}
        failedTitle={t('errors.cardLoadFailed')}
        back={back}
      />
    );
  }

  return (
    <article>
      <PageTitle title={`${card.name} (${card.cardNumber})`} />
      {back}
      {quickAdd.state && (
        <Suspense fallback={null}>
          <QuickAddBar state={quickAdd.state} card={card} />
        </Suspense>
      )}
      <div className="grid grid-cols-1 gap-8 md:grid-cols-[minmax(0,22rem)_1fr]">
        <div className="mx-auto w-full max-w-sm md:max-w-none">
          <CardImage card={card} eager sizes="(min-width: 768px) 360px, 90vw" className="shadow-2xl" />
        </div>
        <div className="min-w-0">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 className="text-3xl font-bold tracking-tight" data-testid="card-name">
                {card.name}
              </h1>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
                <span className="font-mono" data-testid="card-number">
                  {card.cardNumber}
                </span>
                <span aria-hidden>·</span>
                <span>{t(`types.${card.cardType}`)}</span>
                <span aria-hidden>·</span>
                <ColorDots colors={card.colors} />
                <span>{card.colors.map((c) => t(`colors.${c}`)).join(' / ')}</span>
                {card.isVariation && <Badge>{t('detail.variantLabel', { variant: card.variant ?? '' })}</Badge>}
              </p>
            </div>
            <CardActions card={card} />
          </div>

          <CardFacts card={card} />

          {card.subtypes.length > 0 && (
            <div className="mt-6">
              <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">{t('fields.subtypes')}</h2>
              <ul className="flex flex-wrap gap-2">
                {card.subtypes.map((s) => (
                  <li key={s}>
                    <Link to={`/cards?subtype=${encodeURIComponent(s)}`} className="inline-flex rounded-full border border-border px-3 py-1 text-sm hover:bg-surface-2">
                      {s}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          )}

          <div className="mt-6">
            <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">{t('fields.effect')}</h2>
            <div className="rounded-xl border border-border bg-surface p-4 text-sm">
              {card.cardText ? <CardText text={card.cardText} /> : <p className="text-muted">{t('detail.noEffect')}</p>}
            </div>
          </div>
          <CardPrintNotes card={card} />
          <CardLegality card={card} />
          {signedIn && <CardHoldings cardId={card.id} />}
          {card.set && (
            <p className="mt-4 text-sm text-muted">
              {t('detail.printedIn')}{' '}
              <Link to={`/sets/${card.set.slug}`} className="font-medium text-fg hover:underline">
                {card.set.name}
              </Link>
            </p>
          )}
        </div>
      </div>
      <CardPricesSection card={card} />
      <Variations current={card} cards={card.variations} />
    </article>
  );
}
