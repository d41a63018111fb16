import { QRCodeSVG } from 'qrcode.react';
import { Copy, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';
import { FormMessage } from './ui/form';
import { Modal } from './ui/modal';
import { copyWithToast } from '@/lib/clipboard';

/** The `share.*` texts every namespace using ShareLinkDialog provides (checked by the locales test). */
export const SHARE_KEYS = ['title', 'privateWarning', 'makePublic', 'qr', 'link', 'copy', 'copied', 'copyFailed'] as const;
export const SHARE_NAMESPACES = ['decks', 'binders'] as const;

/**
 * A link with its QR code and a copy button; a private item is flagged (only its owner can open the link). The texts
 * are the `share.*` keys (title, privateWarning, makePublic, qr, link, copy, copied, copyFailed) and `actions.close`
 * of the feature's namespace `ns`.
 */
export function ShareLinkDialog({
  open,
  onOpenChange,
  path,
  isPublic,
  onMakePublic,
  ns,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  path: string;
  isPublic: boolean;
  onMakePublic?: () => void;
  ns: (typeof SHARE_NAMESPACES)[number];
}) {
  const { t } = useTranslation(ns);
  const label = (key: (typeof SHARE_KEYS)[number]) => t(`share.${key}`);
  // Drawn on the server too (the deck editor, ADR 026), where the dialog is closed and no address is shown.
  const url = `${typeof window === 'undefined' ? '' : window.location.origin}${path}`;
  const copy = () => copyWithToast(url, { done: label('copied'), failed: label('copyFailed') });
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={label('title')} closeLabel={t('actions.close')} testId="share-dialog">
      <div className="flex flex-col items-center gap-4">
        {!isPublic && (
          <FormMessage>
            <span className="flex items-start gap-2">
              <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span>
                {label('privateWarning')}
                {onMakePublic && (
                  <button type="button" onClick={onMakePublic} className="ml-1 cursor-pointer font-medium text-accent underline">
                    {label('makePublic')}
                  </button>
                )}
              </span>
            </span>
          </FormMessage>
        )}
        <div className="rounded-xl bg-white p-3">
          <QRCodeSVG value={url} size={192} marginSize={1} title={label('qr')} />
        </div>
        <div className="flex w-full gap-2">
          <input readOnly value={url} aria-label={label('link')} className="h-10 min-w-0 flex-1 rounded-lg border border-border bg-surface-2 px-3 text-sm" data-testid="share-url" />
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy className="h-4 w-4" aria-hidden />
            {label('copy')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
