import type { DeckRegulationData, Notification } from '@grandline/core/contracts/watches';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initTestI18n } from '@/test/i18n';
import { renderWithProviders } from '@/test/providers';
import { notificationPath, toastTitleKey } from './community-notification';
import { NotificationText } from './notification-bell';

const notice = (data: Partial<DeckRegulationData>): Notification => ({
  id: 5,
  createdAt: '2026-11-28T10:00:00.000Z',
  readAt: null,
  kind: 'deck_regulation',
  data: { deckId: 'd 1', deckName: 'Red Shanks', day: '2027-01-15', reason: 'banned', cards: [{ cardNumber: 'OP10-003', name: 'Sugar' }], total: 1, ...data },
});
const pair = notice({ reason: 'pair', cards: [{ cardNumber: 'OP09-001', name: 'Shanks' }, { cardNumber: 'OP10-003', name: 'Sugar' }], total: 2 });
const rotation = (daysBefore: number, total = 2) =>
  notice({ reason: 'rotation', day: '2027-04-01', daysBefore, minBlock: 3, cards: [{ cardNumber: 'OP02-004', name: 'Edward.Newgate' }, { cardNumber: 'OP03-013', name: 'Marco' }].slice(0, total), total });
const text = (n: Notification) => {
  const { unmount } = renderWithProviders(<NotificationText notification={n} />);
  const said = screen.getByTestId('notification-deck-regulation').textContent;
  unmount();
  return said;
};

describe('a regulation notice (issue 43), as the bell and the live toast say it', () => {
  it('names the cards, the day and the deck, and opens the deck', async () => {
    await initTestI18n('en');
    expect(text(notice({}))).toBe('Sugar (OP10-003) is banned from January 15, 2027: your deck “Red Shanks” will not be legal from that day');
    expect(text(notice({ reason: 'restricted' }))).toBe('Sugar (OP10-003) is limited to 1 copy from January 15, 2027: your deck “Red Shanks” plays more and will not be legal from that day');
    expect(text(pair)).toBe('Shanks (OP09-001) and Sugar (OP10-003) may no longer share a deck from January 15, 2027: your deck “Red Shanks” plays both and will not be legal from that day');
    expect(text(rotation(30))).toBe('Standard rotates on April 1, 2027 (in 30 days): your deck “Red Shanks” loses 2 cards — Edward.Newgate (OP02-004), Marco (OP03-013)');
    expect(text(rotation(1, 25))).toBe('Standard rotates on April 1, 2027 (tomorrow): your deck “Red Shanks” loses 25 cards — Edward.Newgate (OP02-004), Marco (OP03-013), …');
    expect(notificationPath(notice({}))).toBe('/deck/d%201');
    expect(toastTitleKey(notice({}))).toBe('notifications.deckRules.toastTitle');
  });

  it('says it in Portuguese and Spanish', async () => {
    await initTestI18n('pt');
    expect(text(notice({}))).toBe('Sugar (OP10-003) está banida a partir de 15 de janeiro de 2027: seu deck “Red Shanks” não será legal a partir desse dia');
    expect(text(pair)).toContain('Shanks (OP09-001) e Sugar (OP10-003) não podem mais estar no mesmo deck');
    expect(text(rotation(30))).toBe('O Standard rotaciona em 1 de abril de 2027 (em 30 dias): seu deck “Red Shanks” perde 2 cartas — Edward.Newgate (OP02-004), Marco (OP03-013)');
    await initTestI18n('es');
    expect(text(notice({}))).toBe('Sugar (OP10-003) está prohibida desde el 15 de enero de 2027: tu mazo «Red Shanks» no será legal desde ese día');
    expect(text(rotation(1, 1))).toBe('El Estándar rota el 1 de abril de 2027 (mañana): tu mazo «Red Shanks» pierde 1 carta — Edward.Newgate (OP02-004)');
  });
});
