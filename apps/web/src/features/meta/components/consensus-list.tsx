import type { MetaCard } from '@grandline/core/contracts/tournaments';
import { cardPath } from '@grandline/core/slug';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardImage, cardImageUrl } from '@/components/card/card-image';
import { formatDecimal } from '@/lib/format';
import { percentText } from '@/features/meta/meta-figures';

/** The card's page (its print in the library), or the library's search for its number when the library lacks it. */
const cardLink = (card: MetaCard) =>
  card.cardId !== null ? cardPath({ id: card.cardId, name: card.name, cardNumber: card.cardNumber, gameCategory: 'onepiece' }) : `/cards?q=${encodeURIComponent(card.cardNumber)}`;

/** One card of the consensus: its picture, the share of decks that play it (a bar) and their average copies. */
function ConsensusCard({ card, eager }: { card: MetaCard; eager: boolean }) {
  const { t, i18n } = useTranslation('meta');
  const language = i18n.resolvedLanguage;
  const copies = formatDecimal(card.averageCopies, 1, language);
  const inclusion = percentText(card.inclusion, language);
  return (
    <li className="flex flex-col gap-1.5" data-testid="consensus-card" data-card-number={card.cardNumber}>
      <Link
        to={cardLink(card)}
        className="relative block rounded-[4.5%] outline-offset-2"
        aria-label={t('consensus.cardLabel', { name: card.name, number: card.cardNumber, inclusion, average: copies })}
      >
        {card.cardId !== null ? (
          <CardImage
            card={{ id: card.cardId, name: card.name, cardNumber: card.cardNumber, colors: [], cardType: 'Character', artworkUrl: cardImageUrl(card.cardId, 320) }}
            className="shadow-md"
            sizes="(min-width: 1280px) 10vw, (min-width: 768px) 14vw, (min-width: 640px) 18vw, 23vw"
            eager={eager}
          />
        ) : (
          <div className="flex aspect-[600/838] flex-col items-center justify-center gap-1 rounded-[4.5%] border border-dashed border-border bg-surface-2 p-2 text-center">
            <span className="line-clamp-3 text-xs font-semibold">{card.name}</span>
            <span className="font-mono text-xs text-muted">{card.cardNumber}</span>
          </div>
        )}
        <span className="pointer-events-none absolute bottom-1 left-1 rounded-md bg-black/80 px-1 py-0.5 text-[0.7rem] font-bold tabular-nums text-white shadow sm:bottom-1.5 sm:left-1.5 sm:px-1.5 sm:text-xs" aria-hidden>
          ×{copies}
        </span>
      </Link>
      <div aria-hidden className="min-w-0">
        <div className="h-1.5 overflow-hidden rounded-full bg-surface-2 ring-1 ring-inset ring-border">
          <div className="h-full rounded-full bg-accent" style={{ width: `${Math.round(Math.min(1, Math.max(0, card.inclusion)) * 100)}%` }} />
        </div>
        <p className="mt-1 flex items-baseline justify-between gap-1 text-xs text-muted">
          <span className="font-semibold tabular-nums text-fg">{inclusion}</span>
          <span className="truncate font-mono max-sm:hidden">{card.cardNumber}</span>
        </p>
        <p className="truncate text-xs text-muted" title={card.name}>
          {card.name}
        </p>
      </div>
    </li>
  );
}

/**
 * The leader's consensus list as the visual deck: every card its decks play, most played first, each with the share of
 * decks that play it and their average copies.
 */
export function ConsensusList({ cards }: { cards: MetaCard[] }) {
  const { t } = useTranslation('meta');
  const sorted = [...cards].sort((a, b) => b.inclusion - a.inclusion || b.averageCopies - a.averageCopies);
  if (sorted.length === 0) return <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted">{t('consensus.none')}</p>;
  return (
    <ul className="grid grid-cols-4 gap-x-2 gap-y-3 sm:grid-cols-5 sm:gap-x-3 sm:gap-y-4 md:grid-cols-6 xl:grid-cols-8" data-testid="consensus-list">
      {sorted.map((card, i) => (
        <ConsensusCard key={card.cardNumber} card={card} eager={i < 6} />
      ))}
    </ul>
  );
}
