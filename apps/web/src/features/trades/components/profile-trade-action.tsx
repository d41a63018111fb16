import type { TradeParty } from '@grandline/core/contracts/trades';
import { ArrowLeftRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { usePreferences } from '@/lib/preferences';
import { useSession } from '@/lib/session';
import { useTradeMatches } from '@/features/trades/api/trades-api';
import { ProposalEditor, type ProposalStart } from '@/features/trades/components/proposal-editor';

/**
 * A public profile's "Open to trades" badge (when my matches include them, so they opted in) and "Propose a trade":
 * the editor starts from our match when there is one, else empty (the server's 404 then says they are not open).
 * Exported for the profile page, which imports it from here (trades imports nothing of profiles).
 */
export function ProfileTradeAction({ user }: { user: TradeParty }) {
  const { t } = useTranslation('trades');
  const { signedIn } = useSession();
  const { currency } = usePreferences();
  const navigate = useNavigate();
  const matches = useTradeMatches(currency);
  const [start, setStart] = useState<ProposalStart | null>(null);
  if (!signedIn) return null;
  const match = matches.data?.items.find((m) => m.user.username.toLowerCase() === user.username.toLowerCase()) ?? null;
  return (
    <>
      {match && (
        <Badge className="border-accent/40 bg-accent/15 text-accent" data-testid="profile-open-to-trades">
          {t('profile.open')}
        </Badge>
      )}
      <Button variant="secondary" onClick={() => setStart({ user: match?.user ?? user, match })} data-testid="profile-propose-trade">
        <ArrowLeftRight className="h-4 w-4" aria-hidden />
        {t('profile.propose')}
      </Button>
      {start && <ProposalEditor start={start} currency={currency} onClose={() => setStart(null)} onSent={() => void navigate('/trades?tab=proposals')} />}
    </>
  );
}
