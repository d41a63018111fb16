import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import { sessionEvent, useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { profilesApi } from '@/features/profiles/api/profiles-api';
import { UserAvatar } from '@/components/user-avatar';

/** The server takes pictures up to 5 MB (AVATAR_MAX_BYTES); a larger one is refused here before it is sent. */
const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/** The avatar with "Upload a picture" (the server makes it a small WebP) and "Remove". */
export function AvatarPicker({ onChanged }: { onChanged?: (url: string | null) => void }) {
  const { t } = useTranslation(['account', 'common']);
  const { me } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!me) return null;
  const run = async (kind: 'upload' | 'remove', call: () => Promise<Awaited<ReturnType<typeof profilesApi.removeAvatar>>>) => {
    setError(null);
    setBusy(kind);
    try {
      const updated = await call();
      await sessionEvent('USER_UPDATED', updated);
      onChanged?.(updated.profile.avatarUrl);
      notify.success(t(kind === 'upload' ? 'account.avatarSaved' : 'account.avatarRemoved'));
    } catch (err) {
      setError(errorText(err, 'account.avatarFailed'));
    } finally {
      setBusy(null);
    }
  };
  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setError(t('validation.avatarTooLarge'));
      return;
    }
    void run('upload', () => profilesApi.uploadAvatar(file));
  };
  return (
    <div className="flex flex-col gap-3" data-testid="avatar-picker">
      <div className="flex flex-wrap items-center gap-4">
        <UserAvatar user={{ username: me.profile.username, displayName: me.profile.displayName ?? me.profile.username ?? me.user.name, avatarUrl: me.user.avatarImage }} size="xl" />
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <input ref={input} type="file" accept={ACCEPT} className="sr-only" tabIndex={-1} aria-hidden onChange={(e) => onFile(e.target.files?.[0])} data-testid="avatar-file" />
            <Button type="button" variant="secondary" size="sm" disabled={busy !== null} onClick={() => input.current?.click()} aria-describedby={hintId}>
              {busy === 'upload' ? <Spinner className="h-4 w-4" label={t('states.saving')} /> : <ImageUp className="h-4 w-4" aria-hidden />}
              {t('account.avatarUpload')}
            </Button>
            {me.profile.avatarUrl && (
              <Button type="button" variant="ghost" size="sm" disabled={busy !== null} onClick={() => void run('remove', profilesApi.removeAvatar)} data-testid="avatar-remove">
                {busy === 'remove' ? <Spinner className="h-4 w-4" label={t('states.saving')} /> : <Trash2 className="h-4 w-4" aria-hidden />}
                {t('account.avatarRemove')}
              </Button>
            )}
          </div>
          <p id={hintId} className="text-xs text-muted">
            {t('account.avatarUploadHint')}
          </p>
        </div>
      </div>
      {error && <FormMessage>{error}</FormMessage>}
    </div>
  );
}
