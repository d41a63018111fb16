import { useTranslation } from 'react-i18next';
import { ShareLinkDialog } from '../../../components/share-link-dialog';

/** The deck's link and QR code; a private deck is flagged (only its owner can open the link). */
export function ShareDialog({ open, onOpenChange, deckId, isPublic, onMakePublic }: { open: boolean; onOpenChange: (o: boolean) => void; deckId: string; isPublic: boolean; onMakePublic?: () => void }) {
  const { t } = useTranslation('decks');
  return (
    <ShareLinkDialog
      open={open}
      onOpenChange={onOpenChange}
      path={`/deck/${deckId}`}
      isPublic={isPublic}
      onMakePublic={onMakePublic}
      labels={{
        title: t('share.title'),
        privateWarning: t('share.privateWarning'),
        makePublic: t('share.makePublic'),
        qr: t('share.qr'),
        link: t('share.link'),
        copy: t('share.copy'),
        copied: t('share.copied'),
        copyFailed: t('export.copyFailed'),
        close: t('actions.close'),
      }}
    />
  );
}
