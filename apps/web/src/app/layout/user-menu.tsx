import { LogOut, Settings, Shield, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_NS } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import { signOut } from '@/features/auth/sign-out';
import { Menu, MenuItem, MenuLink, MenuSeparator, MenuTrigger } from '@/components/ui/dropdown-menu';
import type { SessionInfo } from '@/lib/session';
import { UserAvatar } from '@/components/user-avatar';


/** The signed-in user's menu: profile, settings, admin (admins), sign out. */
export function UserMenu({ me }: { me: NonNullable<SessionInfo['me']> }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const navigate = useNavigate();
  const name = me.profile.displayName ?? me.profile.username ?? me.user.name;
  return (
    <Menu
      trigger={
        <MenuTrigger
          aria-label={t('header.userMenu', { name })}
          data-testid="user-menu"
          className="ml-1 inline-flex h-10 cursor-pointer items-center gap-2 rounded-full p-0.5 pr-1 hover:bg-surface-2 sm:pr-3"
        >
          <UserAvatar user={{ username: me.profile.username, displayName: name, avatarUrl: me.user.avatarImage }} size="sm" />
          <span className="hidden max-w-32 truncate text-sm font-medium sm:inline">{name}</span>
        </MenuTrigger>
      }
      className="min-w-56 p-1"
    >
      <div className="px-3 py-2">
        <p className="truncate text-sm font-semibold">{name}</p>
        <p className="truncate text-xs text-muted">{me.user.email}</p>
      </div>
      <MenuSeparator />
      <MenuLink to="/profile" icon={<User className="h-4 w-4" aria-hidden />}>
        {t('nav.profile')}
      </MenuLink>
      <MenuLink to="/settings" icon={<Settings className="h-4 w-4" aria-hidden />}>
        {t('nav.settings')}
      </MenuLink>
      {me.user.role === 'admin' && (
        <MenuLink to="/admin" icon={<Shield className="h-4 w-4" aria-hidden />}>
          {t('nav.admin')}
        </MenuLink>
      )}
      <MenuSeparator />
      <MenuItem onSelect={() => void signOut(navigate)} testId="sign-out">
        <LogOut className="h-4 w-4" aria-hidden />
        {t('auth.signOut')}
      </MenuItem>
    </Menu>
  );
}
