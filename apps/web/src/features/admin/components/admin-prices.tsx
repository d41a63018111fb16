import type { LivePriceSource } from '@grandline/core/contracts/prices';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import { priceAdminKeys } from '@/features/admin/api/price-admin-keys';
import { usePriceSources } from '@/features/admin/api/get-price-sources';
import { useRunPriceSource } from '@/features/admin/api/run-price-source';
import { AdminPricePins } from './admin-prices-pins';
import { AdminPriceRuns } from './admin-prices-runs';
import { priceErrorText, sourceName } from './admin-prices-shared';
import { AdminPriceSources } from './admin-prices-sources';
import { AdminPriceUnmatched } from './admin-prices-unmatched';
import { AdminPriceUpload } from './admin-prices-upload';

type Source = LivePriceSource;

/** How long after "Run now" the page keeps asking for the run before it shows (the job starts in a moment). */
const START_WATCH_MS = 30_000;

/**
 * The admin's Prices tab: the live sources with "Run now", the runs, a price file import, the unmatched products of
 * each feed with "Pin to a card", and the pins. While a run is going the sources and runs are asked every 5 s.
 */
export function AdminPrices() {
  const { t, i18n } = useTranslation(['admin', 'pages', 'account']);
  const queryClient = useQueryClient();
  const [watching, setWatching] = useState(false);
  const watchTimer = useRef<number | undefined>(undefined);
  const [runError, setRunError] = useState<{ source: Source; message: string } | null>(null);
  const sources = usePriceSources(watching);
  const anyRunning = sources.data?.some((s) => s.running) ?? false;
  const poll = watching || anyRunning;
  const run = useRunPriceSource();

  // A run that ends changes the unmatched products and the runs: everything is asked again once.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !anyRunning) void queryClient.invalidateQueries({ queryKey: priceAdminKeys.all });
    wasRunning.current = anyRunning;
  }, [anyRunning, queryClient]);
  useEffect(() => () => window.clearTimeout(watchTimer.current), []);

  const start = (source: Source) => {
    setRunError(null);
    run.mutate(source, {
      onSuccess: () => {
        notify.success(t('admin.prices.sources.started', { source: sourceName(t, source) }));
        setWatching(true);
        window.clearTimeout(watchTimer.current);
        watchTimer.current = window.setTimeout(() => setWatching(false), START_WATCH_MS);
      },
      onError: (err) => setRunError({ source, message: priceErrorText(t, (key) => i18n.exists(key, { ns: 'admin' }), err) }),
    });
  };

  return (
    <div className="flex flex-col gap-10" data-testid="admin-prices">
      <AdminPriceSources query={sources} onRun={start} starting={run.isPending ? run.variables : undefined} runError={runError} />
      <AdminPriceRuns poll={poll} />
      <AdminPriceUpload />
      <AdminPriceUnmatched />
      <AdminPricePins />
    </div>
  );
}
