import { BookOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CardImage } from '@/components/card/card-image';
import { RecentItem, RecentSection } from '@/components/recent-section';
import { useMyDecks } from '@/features/decks/api/decks-api';
import { ValidityBadge } from './deck-badges';

/** The dashboard's "Your decks": the three most recently changed, or a start. */
export function RecentDecks() {
  const { t } = useTranslation('decks');
  return (
    <RecentSection
      id="dash-decks"
      testId="recent-decks"
      title={t('recent.title')}
      query={useMyDecks()}
      all={{ to: '/mydecks', label: t('recent.all') }}
      empty={{ icon: <BookOpen className="h-5 w-5 shrink-0" aria-hidden />, text: t('recent.none'), to: '/deck/new', label: t('actions.new') }}
      loadFailed={t('myDecks.loadFailed')}
      renderItem={(d) => {
        const art = d.cover ?? d.leader;
        return (
          <RecentItem
            key={d.id}
            to={`/deck/${d.id}`}
            art={art && <CardImage card={art} />}
            name={d.name}
            detail={d.leader?.name ?? t('noLeader')}
            badge={<ValidityBadge valid={d.valid} />}
          />
        );
      }}
    />
  );
}
