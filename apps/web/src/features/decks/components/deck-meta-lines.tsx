import type { DeckTournament } from '@grandline/core/contracts/decks';
import { Trophy } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay, formatNumber } from '@/lib/format';

/** "Played by N decks in the last 30 days" for the deck's leader, a link to its meta page; nothing when none did. */
export function LeaderPlaysLine({ cardNumber, format, decks }: { cardNumber: string; format: string; decks: number }) {
  const { t } = useTranslation('decks');
  if (decks <= 0) return null;
  const search = format === 'extra' ? '?format=extra' : '';
  return (
    <p className="flex items-center gap-1.5 text-sm" data-testid="deck-leader-plays">
      <Trophy className="h-4 w-4 shrink-0 text-accent" aria-hidden />
      <Link to={`/meta/leaders/${encodeURIComponent(cardNumber)}${search}`} className="font-medium hover:underline">
        {t('meta.playedBy', { count: decks })}
      </Link>
    </p>
  );
}

/** A published tournament list: where it comes from, its placing and record, a link to the tournament's page. */
export function TournamentOrigin({ tournament }: { tournament: DeckTournament }) {
  const { t, i18n } = useTranslation('decks');
  const language = i18n.resolvedLanguage;
  const record = [tournament.record.wins, tournament.record.losses, tournament.record.ties].map((n) => formatNumber(n, language)).join('-');
  return (
    <p className="text-sm text-muted [overflow-wrap:anywhere]" data-testid="deck-tournament">
      <Trophy className="mr-1.5 inline h-4 w-4 align-[-3px] text-accent" aria-hidden />
      <Trans
        t={t}
        i18nKey="meta.fromTournament"
        values={{ tournament: tournament.name, date: formatDay(tournament.date, { dateStyle: 'medium' }, language), placing: tournament.placing, record }}
        components={{ tournament: <Link to={`/meta/tournaments/${encodeURIComponent(tournament.id)}`} className="font-medium text-fg hover:underline" /> }}
      />
    </p>
  );
}
