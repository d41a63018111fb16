import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useConnection } from '@/lib/online';

/**
 * While the device is offline, or our server does not answer: what still works (what was opened before, kept by the
 * service worker) and what not.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const connection = useConnection();
  if (connection === 'online') return null;
  return (
    <div role="status" data-testid="offline-banner" className="flex items-start gap-3 border-b border-amber-500/40 bg-amber-500/10 px-4 py-2.5 text-sm sm:px-6">
      <WifiOff className="mt-0.5 h-4 w-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
      <p>
        <span className="font-semibold">{connection === 'offline' ? t('offline.banner.title') : t('offline.banner.unreachable')}</span> <span className="text-muted">{t('offline.banner.body')}</span>
      </p>
    </div>
  );
}
