import type { Card } from '@grandline/core/contracts/cards';
import type { SyntheticEvent } from 'react';
import { cardT as t } from './card-t';
import { cn } from '@/lib/cn';
import { COLOR_HEX } from './color-dots';

type CardImageProps = {
  card: Pick<Card, 'id' | 'name' | 'cardNumber' | 'colors' | 'artworkUrl' | 'cardType'>;
  className?: string;
  /** Load immediately and first (above the fold) instead of lazily. */
  eager?: boolean;
  /** How wide the image is shown (the `sizes` attribute); default: a grid tile's width. */
  sizes?: string;
};

/** The widths the server makes (apps/server features/images: 160, 320, 640). */
const WIDTHS = [160, 320, 640] as const;
/** A grid tile: two columns on phones, up to five on wide screens (card-grid.tsx GRID_CLASS). */
const TILE_SIZES = '(min-width: 1280px) 16vw, (min-width: 768px) 23vw, (min-width: 640px) 31vw, 48vw';

/** Our server's thumbnail of the card's art (never the publisher's full-size PNG): `srcset` of every width. */
export const cardImageUrl = (cardId: number, width: (typeof WIDTHS)[number]) => `/img/cards/${cardId}/${width}.webp`;
const srcSet = (cardId: number) => WIDTHS.map((w) => `${cardImageUrl(cardId, w)} ${w}w`).join(', ');

/** The art arrived: it fades in and the placeholder under it leaves the accessibility tree. */
function shown(e: SyntheticEvent<HTMLImageElement>) {
  const img = e.currentTarget;
  img.dataset.loaded = 'true';
  const placeholder = img.previousElementSibling as HTMLElement | null;
  if (placeholder) placeholder.hidden = true;
}

/** The art failed: the image is hidden (never a broken-image icon) and the placeholder speaks for the card. */
function failed(e: SyntheticEvent<HTMLImageElement>) {
  const img = e.currentTarget;
  img.hidden = true;
  img.previousElementSibling?.removeAttribute('aria-hidden');
}

/**
 * The card's artwork over a designed placeholder (name, number, colors): our server's thumbnail at the width the
 * screen needs. When the server cannot have the art it answers its own designed placeholder; if even that fails the
 * placeholder here stays, never a broken-image icon.
 *
 * Loading and failure are applied to the DOM directly rather than through React state: a grid of 48
 * cards would otherwise re-render once per image event. The inner element is keyed by the art's URL,
 * so a new card always starts from the placeholder again.
 */
export function CardImage(props: CardImageProps) {
  return <CardArt key={`${props.card.id}:${props.card.artworkUrl ?? ''}`} {...props} />;
}

function CardArt({ card, className, eager, sizes = TILE_SIZES }: CardImageProps) {
  const colors = card.colors.length ? card.colors : ['Black'];
  const gradient =
    colors.length > 1
      ? `linear-gradient(135deg, ${COLOR_HEX[colors[0]!] ?? '#444'} 0%, ${COLOR_HEX[colors[0]!] ?? '#444'} 50%, ${COLOR_HEX[colors[1]!] ?? '#444'} 50%)`
      : `linear-gradient(160deg, ${COLOR_HEX[colors[0]!] ?? '#444'}, #0b1020)`;
  return (
    <div className={cn('@container relative aspect-[600/838] w-full overflow-hidden rounded-[4.5%] bg-surface-2', className)}>
      <div
        className="absolute inset-0 flex flex-col justify-between p-[8%] text-white"
        style={{ backgroundImage: gradient }}
        data-testid="card-placeholder"
        aria-hidden={card.artworkUrl ? true : undefined}
      >
        {/* Thumbnails (list rows) are too small for text: the colors alone stand for the card there. */}
        <span className="hidden text-[clamp(0.6rem,2.4cqw,0.8rem)] font-semibold @[5rem]:block uppercase tracking-wider opacity-90 [text-shadow:0_1px_2px_rgb(0_0_0/0.6)]">
          {t(`types.${card.cardType}`)}
        </span>
        <div className="hidden rounded-md bg-black/55 p-2 @[5rem]:block">
          <p className="line-clamp-3 text-sm font-bold leading-tight">{card.name}</p>
          <p className="mt-1 font-mono text-xs opacity-90">{card.cardNumber}</p>
        </div>
      </div>
      {card.artworkUrl && (
        <img
          src={cardImageUrl(card.id, 320)}
          srcSet={srcSet(card.id)}
          sizes={sizes}
          alt={card.name}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          width={600}
          height={838}
          onLoad={shown}
          onError={failed}
          className="absolute inset-0 h-full w-full object-cover opacity-0 transition-opacity duration-300 data-[loaded]:opacity-100"
        />
      )}
    </div>
  );
}
