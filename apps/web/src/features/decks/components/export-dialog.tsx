import type { Card } from '@grandline/core/contracts/cards';
import type { DeckRow } from '@grandline/core/contracts/decks';
import { toCsvWithPrices, toLigaCsv, toOptcgSim, type ExportDeck } from '@grandline/core/decks/export';
import { Copy, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '@/lib/preferences';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { copyWithToast } from '@/lib/clipboard';
import { downloadText } from '@/lib/download';
import { centsToMinor } from '@grandline/core/money/money';
import { marketplaceName } from '@grandline/core/marketplaces';
import { useDeckPrices } from '@/features/decks/hooks/use-deck-prices';

const FORMATS = ['optcgsim', 'liga', 'prices'] as const;
type ExportFormat = (typeof FORMATS)[number];

const toExportDeck = (leader: Card | null, rows: readonly DeckRow[]): ExportDeck => ({
  leader: leader && { cardNumber: leader.cardNumber, name: leader.name, setCode: leader.set?.code ?? null },
  cards: rows.map((r) => ({ cardNumber: r.card.cardNumber, name: r.card.name, setCode: r.card.set?.code ?? null, quantity: r.quantity, variant: r.card.variant })),
});

/** Export as OPTCG Sim text, Liga CSV Standard or "Format with Prices": preview, copy, download. */
export function ExportDialog({ open, onOpenChange, name, leader, rows }: { open: boolean; onOpenChange: (o: boolean) => void; name: string; leader: Card | null; rows: readonly DeckRow[] }) {
  const { t } = useTranslation('decks');
  const { t: tc } = useTranslation('common');
  const prefs = usePreferences();
  const id = useId();
  const [format, setFormat] = useState<ExportFormat>('optcgsim');
  const deck = toExportDeck(leader, rows);
  const prices = useDeckPrices(leader, rows);
  // Format with Prices: a card number's price is that of the deck's print of it (the first one when several).
  const printOf = new Map<string, number>();
  for (const card of [...(leader ? [leader] : []), ...rows.map((r) => r.card)]) if (!printOf.has(card.cardNumber)) printOf.set(card.cardNumber, card.id);
  const priceOf = (cardNumber: string) => {
    const cents = prices.unit(printOf.get(cardNumber) ?? -1);
    return cents === null ? null : centsToMinor(cents, prefs.currency);
  };
  const empty = !leader && rows.length === 0;
  const text =
    format === 'optcgsim'
      ? toOptcgSim(deck)
      : format === 'liga'
        ? toLigaCsv(deck)
        : toCsvWithPrices(deck, { currency: prefs.currency, marketplace: prefs.marketplace, priceOf });
  const fileName = `${(name.trim() || 'deck').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '')}.${format === 'optcgsim' ? 'txt' : 'csv'}`;
  const download = () => downloadText(text, fileName, format === 'optcgsim' ? 'text/plain;charset=utf-8' : 'text/csv;charset=utf-8');
  const copy = () => copyWithToast(text, { done: t('export.copied'), failed: t('export.copyFailed') });
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('export.title')}
      closeLabel={t('actions.close')}
      testId="export-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={() => void copy()} disabled={empty}>
            <Copy className="h-4 w-4" aria-hidden />
            {t('export.copy')}
          </Button>
          <Button onClick={download} disabled={empty} data-testid="export-download">
            <Download className="h-4 w-4" aria-hidden />
            {t('export.download')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-medium">
            {t('export.format')}
          </label>
          <Select id={id} label={t('export.format')} value={format} onValueChange={(v) => setFormat(v as ExportFormat)} options={FORMATS.map((f) => ({ value: f, label: t(`export.formats.${f}`) }))} className="w-full" />
        </div>
        {format === 'prices' && (
          <p className="text-xs text-muted">
            {t('export.pricesNote', { currency: prefs.currency, market: marketplaceName(prefs.marketplace), type: tc(`priceTypes.${prefs.priceType}`) })}
          </p>
        )}
        {empty ? (
          <p className="text-sm text-muted">{t('export.nothing')}</p>
        ) : (
          <textarea readOnly value={text} aria-label={t('export.preview')} className="h-56 w-full rounded-lg border border-border bg-surface-2 p-3 font-mono text-xs" data-testid="export-text" />
        )}
      </div>
    </Modal>
  );
}
