import { ClipboardCopy, Download, ExternalLink, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '@/components/ui/button';
import { copyWithToast } from '@/lib/clipboard';
import { downloadText } from '@/lib/download';
import { cardmarketWantsList, exportFileName, tcgplayerMassEntry, tcgplayerMassEntryUrl, type MissingCard } from '@/features/meta/missing-exports';

/**
 * The missing cards for the shops' own imports: TCGplayer Mass Entry text (copied, or the Mass Entry page opened with
 * it filled in) and a Cardmarket wants-list file.
 */
export function MissingExportButtons({ missing, leader }: { missing: MissingCard[]; leader: { name: string; cardNumber: string } }) {
  const { t } = useTranslation('meta');
  const copies = missing.reduce((n, c) => n + c.quantity, 0);
  if (copies === 0) return null;
  const copyMassEntry = () => copyWithToast(tcgplayerMassEntry(missing), { done: t('build.export.copied'), failed: t('build.export.copyFailed'), describe: false });
  const downloadWants = () => downloadText(cardmarketWantsList(missing), exportFileName('cardmarket-wants', leader.name, leader.cardNumber), 'text/plain;charset=utf-8');
  const downloadMassEntry = () => downloadText(`${tcgplayerMassEntry(missing)}\n`, exportFileName('tcgplayer-mass-entry', leader.name, leader.cardNumber), 'text/plain;charset=utf-8');
  return (
    <section aria-labelledby="meta-export-title" className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-4" data-testid="meta-exports">
      <h3 id="meta-export-title" className="flex items-center gap-2 text-sm font-semibold">
        <FileText className="h-4 w-4 text-accent" aria-hidden />
        {t('build.export.title', { count: copies })}
      </h3>
      <p className="text-xs text-muted">{t('build.export.lead')}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void copyMassEntry()} data-testid="export-tcgplayer-copy">
          <ClipboardCopy className="h-4 w-4" aria-hidden />
          {t('build.export.tcgplayerCopy')}
        </Button>
        <Button variant="secondary" size="sm" onClick={downloadMassEntry} data-testid="export-tcgplayer-file">
          <Download className="h-4 w-4" aria-hidden />
          {t('build.export.tcgplayerFile')}
        </Button>
        <a href={tcgplayerMassEntryUrl(missing)} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary', 'sm')} data-testid="export-tcgplayer-open">
          <ExternalLink className="h-4 w-4" aria-hidden />
          {t('build.export.tcgplayerOpen')}
          <span className="sr-only">{t('build.export.newTab')}</span>
        </a>
        <Button variant="secondary" size="sm" onClick={downloadWants} data-testid="export-cardmarket">
          <Download className="h-4 w-4" aria-hidden />
          {t('build.export.cardmarket')}
        </Button>
      </div>
    </section>
  );
}
