import { ShareLinkDialog } from '@/components/share-link-dialog';

/** The deck's link and QR code; a private deck is flagged (only its owner can open the link). */
export function ShareDialog({ open, onOpenChange, deckId, isPublic, onMakePublic }: { open: boolean; onOpenChange: (o: boolean) => void; deckId: string; isPublic: boolean; onMakePublic?: () => void }) {
  return <ShareLinkDialog ns="decks" open={open} onOpenChange={onOpenChange} path={`/deck/${deckId}`} isPublic={isPublic} onMakePublic={onMakePublic} />;
}
