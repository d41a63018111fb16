import type { UpdateProfileRequest } from '@grandline/core/contracts/account';
import { useEffect, useRef } from 'react';
import { authApi } from '@/features/auth/api/auth-api';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { onPreferenceChange, usePreferences, type Preferences } from '@/lib/preferences';
import { sessionEvent, useSession } from '@/lib/session';

const SAVED_KEYS = ['language', 'currency', 'theme', 'animations', 'marketplace', 'priceType'] as const satisfies readonly (keyof Preferences)[];
type SavedKey = (typeof SAVED_KEYS)[number];
const isSaved = (key: string): key is SavedKey => (SAVED_KEYS as readonly string[]).includes(key);

/**
 * Signed-in users keep their preferences in their profile: the saved ones are applied once per sign-in,
 * and each change is saved back (visitors keep them in local storage only).
 */
export function PreferencesSync() {
  const { me } = useSession();
  const { loadPreferences } = usePreferences();
  const loadedFor = useRef<string | null>(null);
  const canSave = Boolean(me?.consent.tosAccepted);

  useEffect(() => {
    if (!me) {
      loadedFor.current = null;
      return;
    }
    if (loadedFor.current === me.user.id) return;
    loadedFor.current = me.user.id;
    const saved: Partial<Preferences> = {};
    for (const key of SAVED_KEYS) {
      const value = me.profile[key];
      if (value !== null) Object.assign(saved, { [key]: value });
    }
    loadPreferences(saved);
  }, [me, loadPreferences]);

  useEffect(() => {
    if (!canSave) return;
    return onPreferenceChange((key, value) => {
      if (!isSaved(key)) return;
      authApi
        .updateProfile({ [key]: value } as UpdateProfileRequest)
        .then((updated) => sessionEvent('USER_UPDATED', updated))
        .catch((err: unknown) => notify.error(errorText(err, 'common:settings.syncFailed')));
    });
  }, [canSave]);

  return null;
}
