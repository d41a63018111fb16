import type { BinderSummary } from '@grandline/core/contracts/binders';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '@/test/i18n';
import { BinderItem } from './collection-page';

const binder: BinderSummary = {
  id: '11111111-2222-4333-8444-555555555555',
  name: 'Bench 2k',
  description: null,
  category: 'personal',
  isPublic: false,
  showOnProfile: false,
  familyShared: false,
  cover: null,
  preview: null,
  cardCount: 5000,
  distinctCount: 2000,
  createdAt: '2026-11-29T10:00:00.000Z',
  updatedAt: '2026-11-29T10:00:00.000Z',
};

beforeAll(() => initTestI18n('en'));

describe('BinderItem', () => {
  // A long value and its Demo badge, beside the item's buttons, pushed them under it when the value arrived on a
  // phone, and the badges with them (0.02 of layout shift on /collection at 390 px, bench/phone-shift.ts).
  it('draws the value on a line of its own, not in the row of the buttons', () => {
    render(
      <MemoryRouter>
        <ul>
          <BinderItem binder={binder} value={{ id: binder.id, total: 16_848_223, pricedCopies: 5000, unpricedCopies: 0, demo: true, estimate: false, currency: 'USD' }} onDelete={() => undefined} />
        </ul>
      </MemoryRouter>,
    );
    const value = screen.getByTestId('binder-item-value');
    expect(value.textContent).toContain('$168,482.23');
    const buttonsRow = screen.getByRole('button', { name: 'Delete Bench 2k' }).parentElement!.parentElement!;
    expect(buttonsRow.contains(value)).toBe(false);
  });
});
