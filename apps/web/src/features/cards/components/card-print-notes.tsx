import type { CardDetailResponse } from '@grandline/core/contracts/cards';
import { useTranslation } from 'react-i18next';

/**
 * What an admin gave with a print added by hand (spec: card import schema): its flavor text, artist and a note on its
 * legality. Nothing is shown for a print that has none (every print of the card package).
 */
export function CardPrintNotes({ card }: { card: Pick<CardDetailResponse, 'flavorText' | 'artist' | 'legalityText'> }) {
  const { t } = useTranslation('cards');
  if (!card.flavorText && !card.artist && !card.legalityText) return null;
  return (
    <section className="mt-6" aria-labelledby="print-notes-title" data-testid="card-print-notes">
      <h2 id="print-notes-title" className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">
        {t('printNotes.title')}
      </h2>
      <dl className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 text-sm">
        {card.flavorText && (
          <div data-testid="card-flavor-text">
            <dt className="text-xs font-medium text-muted">{t('printNotes.flavorText')}</dt>
            <dd className="mt-0.5 whitespace-pre-line italic leading-relaxed">{card.flavorText}</dd>
          </div>
        )}
        {card.artist && (
          <div data-testid="card-artist">
            <dt className="text-xs font-medium text-muted">{t('printNotes.artist')}</dt>
            <dd className="mt-0.5 font-medium">{card.artist}</dd>
          </div>
        )}
        {card.legalityText && (
          <div data-testid="card-legality-note">
            <dt className="text-xs font-medium text-muted">{t('printNotes.legality')}</dt>
            <dd className="mt-0.5">{card.legalityText}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
