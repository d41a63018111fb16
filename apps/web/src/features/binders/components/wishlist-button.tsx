import type { Card } from '@grandline/core/contracts/cards';
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '@/lib/session';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { rememberReturnTo } from '@/lib/return-to';
import { toggleWishlist, useWishlist } from '@/features/binders/api/binders-api';

/**
 * The wishlist toggle of a card page (this print, by card id): a filled heart when it is in the wishlist.
 * Visitors are asked to sign in, and come back to this page afterwards.
 */
export function WishlistButton({ card }: { card: Card }) {
  const { t } = useTranslation('quickadd');
  const { signedIn, loading } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const wishlist = useWishlist();
  const [busy, setBusy] = useState(false);
  const inWishlist = wishlist.data?.cardIds.includes(card.id) ?? false;

  // Not disabled while busy (a disabled button drops the keyboard focus): presses are ignored instead.
  const toggle = async () => {
    if (loading || busy) return;
    if (!signedIn) {
      notify.info(t('signIn.required'), {
        id: 'sign-in-required',
        action: {
          label: t('signIn.action'),
          onClick: () => {
            rememberReturnTo(`${location.pathname}${location.search}${location.hash}`);
            void navigate('/auth');
          },
        },
      });
      return;
    }
    if (wishlist.isPending) return;
    setBusy(true);
    try {
      await toggleWishlist(card.id, inWishlist);
      notify.success(inWishlist ? t('wishlist.removed') : t('wishlist.added'), { id: `wishlist-${card.id}` });
    } catch (err) {
      notify.failure(err, errorText(err, 'quickadd:wishlist.failed'), { id: `wishlist-${card.id}` });
    } finally {
      setBusy(false);
    }
  };

  const action = inWishlist ? t('wishlist.remove') : t('wishlist.add');
  return (
    <Button
      variant="secondary"
      onClick={() => void toggle()}
      aria-pressed={signedIn ? inWishlist : undefined}
      aria-busy={busy}
      title={action}
      className={cn(inWishlist && 'border-rose-500/50 bg-rose-500/10 hover:bg-rose-500/15')}
      data-testid="wishlist-toggle"
      data-in-wishlist={inWishlist}
    >
      <Heart
        className={cn('h-4 w-4 transition-transform', inWishlist ? 'scale-110 fill-rose-500 text-rose-500' : 'text-muted', busy && 'animate-pulse')}
        aria-hidden
      />
      {t('wishlist.button')}
    </Button>
  );
}
