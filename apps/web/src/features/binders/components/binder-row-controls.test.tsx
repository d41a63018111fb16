import type { BinderCardRow } from '@grandline/core/contracts/binders';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import binders from '@/locales/en/binders.json';
import pt from '@/locales/pt/binders.json';
import { notify } from '@/lib/toast';
import { cardFactory } from '@/test/card-factory';
import { initTestI18n } from '@/test/i18n';
import { mockApi, type MockAnswer } from '@/test/providers';
import { AnyPrintToggle, Stepper } from './binder-row-controls';

const card = cardFactory(7);
const row = (): BinderCardRow => ({
  id: 31,
  card: card('OP01-001', { name: 'Roronoa Zoro' }),
  quantity: 2,
  condition: null,
  language: null,
  purchasePrice: null,
  purchasePriceMinor: null,
  purchaseCurrency: null,
  addedAt: '2026-01-01T00:00:00.000Z',
  anyPrint: false,
});

/** The toasts' texts: notify.error is what every failure toast goes through (notify.failure too). */
const errorToasts = () => vi.spyOn(notify, 'error').mockImplementation(() => undefined);

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await initTestI18n('en');
});

describe("a binder row's stepper when the server refuses (issue 41: the server's message, not a fixed toast)", () => {
  it("says why, in the user's language, and keeps its own text for a failure the server did not explain", async () => {
    let answer: MockAnswer = { status: 404, code: 'BINDER_NOT_FOUND' };
    mockApi(() => answer);
    const toasts = errorToasts();
    const { unmount } = render(<Stepper row={row()} binderId="b1" />);
    fireEvent.click(screen.getByRole('button', { name: 'One more Roronoa Zoro' }));
    await waitFor(() => expect(toasts).toHaveBeenCalledTimes(1));
    expect(toasts.mock.calls[0]![0]).toBe(binders.errors.codes.BINDER_NOT_FOUND);
    // The quantity shown goes back to the stored one.
    expect(screen.getByTestId('row-quantity').textContent).toBe('2');

    answer = { status: 500, code: 'INTERNAL_ERROR' };
    fireEvent.click(screen.getByRole('button', { name: 'One more Roronoa Zoro' }));
    await waitFor(() => expect(toasts).toHaveBeenCalledTimes(2));
    expect(toasts.mock.calls[1]![0]).toBe(binders.toasts.quantityFailed);
    unmount();

    await initTestI18n('pt');
    answer = { status: 404, code: 'BINDER_NOT_FOUND' };
    render(<Stepper row={row()} binderId="b1" />);
    fireEvent.click(screen.getAllByRole('button')[1]!);
    await waitFor(() => expect(toasts).toHaveBeenCalledTimes(3));
    expect(toasts.mock.calls[2]![0]).toBe(pt.errors.codes.BINDER_NOT_FOUND);
  });
});

describe("a wishlist row's \"Any print\" toggle (issue 44)", () => {
  it('sends the row its new flag, shows it at once, and puts it back when the server refuses', async () => {
    let answer: MockAnswer = { ...row(), anyPrint: true } as unknown as MockAnswer;
    const spy = mockApi(() => answer);
    const toasts = errorToasts();
    render(<AnyPrintToggle row={row()} binderId="w1" />);
    const box = screen.getByRole('checkbox', { name: binders.anyPrint.label });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    const [url, init] = spy.mock.calls[0]!;
    expect(String(url)).toContain('/api/binders/w1/cards/31');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ anyPrint: true });
    expect((box as HTMLInputElement).checked).toBe(true);

    answer = { status: 404, code: 'BINDER_NOT_FOUND' };
    fireEvent.click(box);
    await waitFor(() => expect(toasts).toHaveBeenCalledTimes(1));
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));
  });
});
