import type { PublicProfileResponse } from '@grandline/core/contracts/profiles';
import { useMutation } from '@tanstack/react-query';
import { UserCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import { queryClient } from '@/lib/query-client';
import { rememberReturnTo } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { profileKeys, profilesApi } from '@/features/profiles/api/profiles-api';

/**
 * Follow / Following (unfollow on click, "Unfollow" on hover) for a profile; signed out, a link to sign in that comes
 * back here. The profile's follower count follows the answer.
 */
export function FollowButton({ profile }: { profile: PublicProfileResponse }) {
  const { t } = useTranslation('profile');
  const { signedIn } = useSession();
  const location = useLocation();
  const [hover, setHover] = useState(false);
  const following = profile.viewer.following;
  const mutation = useMutation({
    mutationFn: () => (following ? profilesApi.unfollow(profile.username) : profilesApi.follow(profile.username)),
    onSuccess: (state) => {
      queryClient.setQueryData<PublicProfileResponse>(profileKeys.profile(profile.username), (old) =>
        old ? { ...old, viewer: { ...old.viewer, following: state.following }, counts: { ...old.counts, followers: state.followers } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: profileKeys.feed() });
      void queryClient.invalidateQueries({ queryKey: profileKeys.follows(profile.username, 'followers') });
    },
    onError: (err) => notify.error(errorText(err, 'profile:follow.failed')),
  });
  if (!signedIn) {
    return (
      <Link to="/auth" onClick={() => rememberReturnTo(location.pathname)} className={buttonClass('primary', 'md')} data-testid="follow-sign-in">
        <UserPlus className="h-4 w-4" aria-hidden />
        {t('follow.follow')}
      </Link>
    );
  }
  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      aria-pressed={following}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate()}
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      data-testid="follow-button"
    >
      {mutation.isPending ? <Spinner className="h-4 w-4" label={t('common:states.saving')} /> : following ? <UserCheck className="h-4 w-4" aria-hidden /> : <UserPlus className="h-4 w-4" aria-hidden />}
      {following ? (hover ? t('follow.unfollow') : t('follow.following')) : t('follow.follow')}
    </Button>
  );
}
