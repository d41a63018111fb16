import type { Card } from '@grandline/core/contracts/cards';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
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
  const failedKey = (target: QuickAddTarget) =>
    target.kind === 'deck' ? 'quickadd:toasts.deckFailed' : target.kind === 'wishlist' ? 'quickadd:toasts.wishlistFailed' : 'quickadd:toasts.collectionFailed';

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
    } catch (err) {
      notify.failure(err, errorText(err, failedKey(target)), { id: TOAST_ID, description: undefined });
      return false;
    }
  };
}
