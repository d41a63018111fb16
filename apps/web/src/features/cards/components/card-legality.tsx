import type { CardDetailResponse, CardLegalityDetail } from '@grandline/core/contracts/cards';
import { formatDay } from '@/lib/format';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

const TONE: Record<CardLegalityDetail['status'], string> = {
  legal: 'border-success/50 bg-success/10 text-fg',
  banned: 'border-danger/50 bg-danger/10 text-fg',
  restricted: 'border-accent/60 bg-accent/10 text-fg',
  rotated: 'border-border bg-surface-2 text-muted',
};

/** The card number in Standard and Extra today: legal, banned, restricted or rotated out, with the rule and its date. */
export function CardLegality({ card }: { card: Pick<CardDetailResponse, 'legalityDetails' | 'cardNumber'> }) {
  const { t } = useTranslation('cards');
  if (!card.legalityDetails) return null;
  const date = (ymd: string | null) => (ymd ? formatDay(ymd) : '');
  return (
    <div className="mt-6" data-testid="card-legality">
      <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">{t('legality.title')}</h2>
      <ul className="divide-y divide-border rounded-xl border border-border bg-surface">
        {(['standard', 'extra'] as const).map((format) => {
          const d = card.legalityDetails![format];
          return (
            <li key={format} className="flex flex-col gap-1 px-4 py-3 text-sm" data-testid={`legality-${format}`} data-status={d.status}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="w-20 font-medium">{t(`legality.formats.${format}`)}</span>
                <Badge className={cn('whitespace-nowrap', TONE[d.status])}>{t(`legality.statuses.${d.status}`)}</Badge>
                {d.status !== 'legal' && (
                  <span className="text-muted">
                    {d.status === 'rotated' ? t('legality.rotatedSince', { date: date(d.since), block: d.minBlock ?? '' }) : t(`legality.${d.status}Since`, { date: date(d.since) })}
                  </span>
                )}
                {d.source && (
                  <a href={d.source} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 text-xs text-accent underline-offset-2 hover:underline">
                    <ExternalLink className="h-3 w-3" aria-hidden />
                    {t('legality.source')}
                  </a>
                )}
              </div>
              {d.pairs.map((p) => (
                <p key={p.cardNumber} className="text-xs text-muted" data-testid="legality-pair">
                  {t('legality.pair', { card: card.cardNumber, other: p.cardNumber, date: date(p.since) })}
                </p>
              ))}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
