import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { buttonClass } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Panel } from '@/components/ui/panel';
import { profileQuery } from '@/features/profiles/api/profiles-api';
import { BadgeList } from '@/features/profiles/components/badge-list';
import { ProfileForm } from '@/features/profiles/components/profile-form';
import { ShowcaseLists } from '@/features/profiles/components/showcase-list';
import { useSession } from '@/lib/session';

/** /profile (signed in): what others see of you — the public fields, your badges' progress, which items are listed. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { me } = useSession();
  const username = me?.profile.username ?? '';
  const profile = useQuery({ ...profileQuery(username), enabled: Boolean(username) });
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6" data-testid="own-profile">
      <PageTitle title={t('own.title')} />
      <PageHeader
        title={t('own.title')}
        description={t('own.lead')}
        actions={
          username && (
            <Link to={`/u/${username}`} className={buttonClass('secondary', 'md')} data-testid="view-public-profile">
              <ExternalLink className="h-4 w-4" aria-hidden />
              {t('own.viewPublic')}
            </Link>
          )
        }
      />
      <Panel title={t('own.details')} description={t('own.detailsLead')}>
        <ProfileForm />
      </Panel>
      <Panel title={t('badges.title')} description={t('own.badgesLead')}>
        {profile.data ? <BadgeList badges={profile.data.badges} showLocked /> : <Skeleton className="h-8 w-64" />}
      </Panel>
      <Panel title={t('showcase.title')} description={t('showcase.lead')}>
        <ShowcaseLists />
      </Panel>
    </div>
  );
}
