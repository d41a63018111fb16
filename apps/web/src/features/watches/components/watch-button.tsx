import type { Card } from '@grandline/core/contracts/cards';
import { Bell, BellRing } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { rememberReturnTo } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useWatches } from '@/features/watches/api/watches-api';
import { WatchDialog } from './watch-dialog';

/**
 * "Add to watchlist" on a card page: opens the alert dialog for this print. It says how many alerts the user already
 * has on the print; visitors are asked to sign in and come back here afterwards.
 */
export function WatchButton({ card, className }: { card: Card; className?: string }) {
  const { t } = useTranslation('prices');
  const { signedIn, loading } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const watches = useWatches();
  const [open, setOpen] = useState(false);
  const count = watches.data?.items.filter((w) => w.card.id === card.id).length ?? 0;

  const press = () => {
    if (loading) return;
    if (!signedIn) {
      notify.info(t('watches.signIn'), {
        id: 'sign-in-required',
        action: {
          label: t('watches.signInAction'),
          onClick: () => {
            rememberReturnTo(`${location.pathname}${location.search}${location.hash}`);
            void navigate('/auth');
          },
        },
      });
      return;
    }
    setOpen(true);
  };

  const Icon = count > 0 ? BellRing : Bell;
  return (
    <>
      <Button variant="secondary" onClick={press} className={className} data-testid="watch-add" aria-haspopup="dialog">
        <Icon className={cn('h-4 w-4', count > 0 ? 'text-accent' : 'text-muted')} aria-hidden />
        {t('watches.addButton')}
        {count > 0 && (
          <span className="rounded-full bg-accent/15 px-1.5 text-xs font-semibold text-accent" aria-label={t('watches.existing', { count })}>
            {count}
          </span>
        )}
      </Button>
      {open && <WatchDialog card={card} open={open} onOpenChange={setOpen} />}
    </>
  );
}
