import { QRCodeSVG } from 'qrcode.react';
import { Copy, Lock } from 'lucide-react';
import { Button } from './ui/button';
import { FormMessage } from './ui/form';
import { Modal } from './ui/modal';
import { copyWithToast } from '../lib/clipboard';

export interface ShareLabels {
  title: string;
  privateWarning: string;
  makePublic: string;
  qr: string;
  link: string;
  copy: string;
  copied: string;
  copyFailed: string;
  close: string;
}

/** A link with its QR code and a copy button; a private item is flagged (only its owner can open the link). */
export function ShareLinkDialog({
  open,
  onOpenChange,
  path,
  isPublic,
  onMakePublic,
  labels,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  path: string;
  isPublic: boolean;
  onMakePublic?: () => void;
  labels: ShareLabels;
}) {
  const url = `${window.location.origin}${path}`;
  const copy = () => copyWithToast(url, { done: labels.copied, failed: labels.copyFailed });
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={labels.title} closeLabel={labels.close} testId="share-dialog">
      <div className="flex flex-col items-center gap-4">
        {!isPublic && (
          <FormMessage>
            <span className="flex items-start gap-2">
              <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span>
                {labels.privateWarning}
                {onMakePublic && (
                  <button type="button" onClick={onMakePublic} className="ml-1 cursor-pointer font-medium text-accent underline">
                    {labels.makePublic}
                  </button>
                )}
              </span>
            </span>
          </FormMessage>
        )}
        <div className="rounded-xl bg-white p-3">
          <QRCodeSVG value={url} size={192} marginSize={1} title={labels.qr} />
        </div>
        <div className="flex w-full gap-2">
          <input readOnly value={url} aria-label={labels.link} className="h-10 min-w-0 flex-1 rounded-lg border border-border bg-surface-2 px-3 text-sm" data-testid="share-url" />
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy className="h-4 w-4" aria-hidden />
            {labels.copy}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
