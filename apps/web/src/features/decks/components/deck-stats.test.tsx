import { screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import enDecks from '@/locales/en/decks.json';
import esDecks from '@/locales/es/decks.json';
import ptDecks from '@/locales/pt/decks.json';
import { cardFactory } from '@/test/card-factory';
import { initTestI18n } from '@/test/i18n';
import { renderWithProviders } from '@/test/providers';
import { DeckStatsPanel } from './deck-stats';

const card = cardFactory();
// 50 cards: 49 copies with a +1000 counter (13 numbers × 4 less 3) and one without: a total counter of 49,000.
const rows = [
  ...Array.from({ length: 12 }, (_, i) => ({ card: card(`OP01-${String(i + 1).padStart(3, '0')}`), quantity: 4 })),
  { card: card('OP01-013'), quantity: 1 },
  { card: card('OP01-014', { counter: null }), quantity: 1 },
];

const figure = (label: string) => within(screen.getByTestId('deck-stats')).getByText(label).parentElement!.querySelector('dd')!.textContent;

afterAll(async () => {
  await initTestI18n('en');
});

describe('DeckStatsPanel', () => {
  it('groups the thousands of its figures in the interface language: "Total counter 49,000" / "49.000"', async () => {
    await initTestI18n('en');
    const { unmount } = renderWithProviders(<DeckStatsPanel rows={rows} />);
    expect(figure(enDecks.stats.counterTotal)).toBe('49,000');
    expect(figure(enDecks.stats.cards)).toBe('50');
    unmount();

    await initTestI18n('pt');
    const pt = renderWithProviders(<DeckStatsPanel rows={rows} />);
    expect(figure(ptDecks.stats.counterTotal)).toBe('49.000');
    pt.unmount();

    await initTestI18n('es');
    renderWithProviders(<DeckStatsPanel rows={rows} />);
    expect(figure(esDecks.stats.counterTotal)).toBe('49.000');
  });
});
