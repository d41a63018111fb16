import type { TradeMatch } from '@grandline/core/contracts/trades';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { ArrowLeftRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardLines } from './card-lines';
import { PartyLine } from './party-line';
import { tradeMoney } from './trade-money';

/** One matched collector: who, what they have that I want, what I have that they want, the totals and "Propose". */
export function MatchCard({ match, currency, onPropose }: { match: TradeMatch; currency: CurrencyCode; onPropose: (match: TradeMatch) => void }) {
  const { t } = useTranslation('trades');
  return (
    <article className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4" data-testid="trade-match">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PartyLine user={match.user} />
        {match.twoSided && (
          <Badge className="border-accent/40 bg-accent/15 text-accent" data-testid="two-sided">
            <ArrowLeftRight className="mr-1 h-3 w-3" aria-hidden />
            {t('matches.twoSided')}
          </Badge>
        )}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <CardLines title={t('matches.theyHave')} cards={match.theyHave} currency={currency} testId="they-have" />
        <CardLines title={t('matches.youHave')} cards={match.youHave} currency={currency} testId="you-have" />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3 text-sm">
        <span className="text-muted">
          {t('matches.totals', { get: tradeMoney(match.valueTheyHave, currency), give: tradeMoney(match.valueYouHave, currency) })}
        </span>
        <Button size="sm" onClick={() => onPropose(match)} data-testid="propose-trade">
          {t('actions.propose')}
        </Button>
      </div>
    </article>
  );
}
