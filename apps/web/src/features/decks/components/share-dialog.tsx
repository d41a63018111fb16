import { QRCodeSVG } from 'qrcode.react';
import { Copy, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { copyWithToast } from '../../../lib/clipboard';

/** The deck's link and QR code; a private deck is flagged (only its owner can open the link). */
export function ShareDialog({ open, onOpenChange, deckId, isPublic, onMakePublic }: { open: boolean; onOpenChange: (o: boolean) => void; deckId: string; isPublic: boolean; onMakePublic?: () => void }) {
  const { t } = useTranslation('decks');
  const url = `${window.location.origin}/deck/${deckId}`;
  const copy = () => copyWithToast(url, { done: t('share.copied'), failed: t('export.copyFailed') });
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('share.title')} closeLabel={t('actions.close')} testId="share-dialog">
      <div className="flex flex-col items-center gap-4">
        {!isPublic && (
          <FormMessage>
            <span className="flex items-start gap-2">
              <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span>
                {t('share.privateWarning')}
                {onMakePublic && (
                  <button type="button" onClick={onMakePublic} className="ml-1 cursor-pointer font-medium text-accent underline">
                    {t('share.makePublic')}
                  </button>
                )}
              </span>
            </span>
          </FormMessage>
        )}
        <div className="rounded-xl bg-white p-3">
          <QRCodeSVG value={url} size={192} marginSize={1} title={t('share.qr')} />
        </div>
        <div className="flex w-full gap-2">
          <input readOnly value={url} aria-label={t('share.link')} className="h-10 min-w-0 flex-1 rounded-lg border border-border bg-surface-2 px-3 text-sm" data-testid="share-url" />
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy className="h-4 w-4" aria-hidden />
            {t('share.copy')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
