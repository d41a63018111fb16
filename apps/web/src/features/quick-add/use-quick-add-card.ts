import type { Card } from '@grandline/core/contracts/cards';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import { addToTarget } from './api/add-to-target';
import type { QuickAddTarget } from './quick-add-state';
import { quickAddStore } from './api/quick-add-store';
import { useTargetText } from './components/target-text';

/** One toast for the whole quick-add session: each add replaces the previous one instead of piling up. */
const TOAST_ID = 'quick-add';

/** Adds one copy of a card to the quick-add target, counts it, and says so (with the running count). */
export function useQuickAddCard() {
  const { t } = useTranslation('quickadd');
  const text = useTargetText();
  const failed = (target: QuickAddTarget) =>
    target.kind === 'deck' ? t('toasts.deckFailed') : target.kind === 'wishlist' ? t('toasts.wishlistFailed') : t('toasts.collectionFailed');

  return async (target: QuickAddTarget, card: Card): Promise<boolean> => {
    try {
      const outcome = await addToTarget(target, card);
      quickAddStore.added(target, card.id);
      const count = quickAddStore.get()?.added ?? 1;
      const values = { card: card.name, target: text.name(target) };
      notify.success(outcome.kind === 'leader' ? t('toasts.leader', values) : t('toasts.added', values), {
        id: TOAST_ID,
        description: t('toasts.session', { count }),
      });
      return true;
    } catch {
      notify.error(failed(target), { id: TOAST_ID, description: undefined });
      return false;
    }
  };
}
