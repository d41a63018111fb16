import { Heart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { binderChanged, binderKeys, bindersApi, useWishlist } from '@/features/binders/api/binders-api';
import { notInWishlist } from '@/features/decks/collection-check';
import { errorText } from '@/lib/error-text';
import { queryClient } from '@/lib/query-client';
import { notify } from '@/lib/toast';

/** Adds the deck's missing copies that are not on the wishlist yet; presses are ignored while one runs. */
function useAddMissing(missingCards: Parameters<typeof notInWishlist>[0], wishlisted: readonly number[] | undefined) {
  const { t } = useTranslation('decks');
  const [busy, setBusy] = useState(false);
  // Presses are ignored while one is running (a disabled button would drop the keyboard focus).
  const addMissing = async () => {
    if (busy) return;
    const toAdd = notInWishlist(missingCards, wishlisted ?? []);
    if (toAdd.length === 0) {
      notify.info(t('collection.alreadyWishlisted'));
      return;
    }
    setBusy(true);
    try {
      const next = await bindersApi.addToWishlist(toAdd);
      queryClient.setQueryData(binderKeys.wishlist(), next);
      binderChanged(next.binderId);
      notify.success(t('collection.wishlistAdded', { count: toAdd.reduce((n, c) => n + c.quantity, 0) }));
    } catch (err) {
      notify.failure(err, errorText(err, 'decks:collection.wishlistFailed'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, addMissing };
}

/**
 * "Add missing cards to wishlist": the copies `missingCards` names (by print) that the wishlist lacks go to it in one
 * request (POST /api/wishlist/cards); used by the collection check and by the meta's "build it".
 */
export function AddMissingButton({ missingCards, className }: { missingCards: Parameters<typeof notInWishlist>[0]; className?: string }) {
  const { t } = useTranslation('decks');
  const wishlist = useWishlist();
  const { busy, addMissing } = useAddMissing(missingCards, wishlist.data?.cardIds);
  return (
    <Button variant="secondary" size="sm" onClick={() => void addMissing()} aria-busy={busy} className={className} data-testid="add-missing-to-wishlist">
      {busy ? <Spinner className="h-4 w-4 border-[1.5px]" label={t('collection.adding')} /> : <Heart className="h-4 w-4 shrink-0 text-rose-500" aria-hidden />}
      {t('collection.addMissing')}
    </Button>
  );
}
