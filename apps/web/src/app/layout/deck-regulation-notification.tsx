import type { Notification } from '@grandline/core/contracts/watches';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@/lib/format';

/**
 * A regulation notice (issue 43) as the bell and the live toast say it: "Nami (OP01-016) is banned from Jan 15, 2027:
 * your deck “Red Shanks” will not be legal", or, for a Standard rotation, the day, how far off it is and the deck's
 * cards it takes.
 */
export function DeckRegulationText({ notification }: { notification: Extract<Notification, { kind: 'deck_regulation' }> }) {
  const { t } = useTranslation();
  const { data } = notification;
  const cards = data.cards.map((c) => `${c.name} (${c.cardNumber})`);
  const day = formatDay(data.day, { dateStyle: 'long' });
  if (data.reason === 'rotation') {
    const days = data.daysBefore ?? 0;
    const when = days === 1 ? t('notifications.deckRules.tomorrow') : t('notifications.deckRules.inDays', { count: days });
    const list = data.total > data.cards.length ? `${cards.join(', ')}, …` : cards.join(', ');
    return <span data-testid="notification-deck-regulation">{t('notifications.deckRules.rotation', { count: data.total, day, when, deck: data.deckName, list })}</span>;
  }
  return (
    <span data-testid="notification-deck-regulation">
      {t(`notifications.deckRules.${data.reason}`, { names: cards.join(t('notifications.deckRules.and')), day, deck: data.deckName })}
    </span>
  );
}
