import { CardImage, cardImageUrl } from '@/components/card/card-image';
import { cn } from '@/lib/cn';

/**
 * A leader's picture from its number and the library's print of it (`cardId`): the server's thumbnail, or when the
 * library lacks the print, a tile with its number. The name is beside it in text, so the picture is decorative.
 */
export function LeaderThumb({
  cardId,
  name,
  cardNumber,
  className,
  sizes = '48px',
  eager,
}: {
  cardId: number | null | undefined;
  name: string;
  cardNumber: string;
  className?: string;
  sizes?: string;
  eager?: boolean;
}) {
  if (cardId === null || cardId === undefined) {
    return (
      <div
        className={cn('flex aspect-[600/838] shrink-0 items-center justify-center rounded-[6%] border border-border bg-surface-2 p-0.5 text-center font-mono text-[0.6rem] leading-tight text-muted', className)}
        aria-hidden
      >
        {cardNumber}
      </div>
    );
  }
  return (
    <div className={cn('shrink-0', className)} aria-hidden>
      <CardImage card={{ id: cardId, name, cardNumber, colors: [], cardType: 'Leader', artworkUrl: cardImageUrl(cardId, 160) }} sizes={sizes} eager={eager} />
    </div>
  );
}
