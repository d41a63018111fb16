import type { Notification } from '@grandline/core/contracts/watches';
import { useTranslation } from 'react-i18next';

/**
 * A trade notice (issue 44) as the bell and the live toast say it: "Ana (@ana) proposed a trade: you give 2 cards, you
 * get 3", or the step the other party took (accepted, declined, cancelled, marked received, completed).
 */
export function TradeNotificationText({ notification }: { notification: Extract<Notification, { kind: 'trade' }> }) {
  const { t } = useTranslation();
  const { data } = notification;
  const name = data.from.displayName?.trim() ? `${data.from.displayName.trim()} (@${data.from.username})` : `@${data.from.username}`;
  return <span data-testid="notification-trade">{t(`notifications.trade.${data.event}`, { name })}</span>;
}
