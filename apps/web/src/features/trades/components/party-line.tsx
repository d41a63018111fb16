import type { TradeParty } from '@grandline/core/contracts/trades';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/user-avatar';
import { countryName } from './trade-money';

/** A trading partner: avatar, name (a link to their profile), username and country. */
export function PartyLine({ user }: { user: TradeParty }) {
  const { i18n } = useTranslation();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <UserAvatar user={user} />
      <div className="min-w-0">
        <Link to={`/u/${encodeURIComponent(user.username)}`} className="block truncate font-semibold hover:underline">
          {user.displayName || user.username}
        </Link>
        <span className="block truncate text-xs text-muted">
          @{user.username}
          {user.country ? ` · ${countryName(user.country, i18n.language)}` : ''}
        </span>
      </div>
    </div>
  );
}
