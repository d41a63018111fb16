import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import decks from '@/locales/en/decks.json';
import es from '@/locales/es/decks.json';
import { notify } from '@/lib/toast';
import { initTestI18n } from '@/test/i18n';
import { mockApi, renderWithProviders, type MockAnswer } from '@/test/providers';
import { DeleteDeckDialog } from './delete-deck-dialog';

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await initTestI18n('en');
});

/** The toasts' texts: notify.error is what every failure toast goes through. */
const errorToasts = () => vi.spyOn(notify, 'error').mockImplementation(() => undefined);

/** Presses Delete in the open dialog and waits for the next failure toast; returns its text. */
async function deleteAndReadToast(toasts: ReturnType<typeof errorToasts>) {
  const before = toasts.mock.calls.length;
  fireEvent.click(await screen.findByTestId('delete-deck-confirm'));
  await waitFor(() => expect(toasts.mock.calls.length).toBe(before + 1));
  return toasts.mock.calls[before]![0];
}

describe('DeleteDeckDialog when the server refuses (issue 41: the server\'s message, not a fixed toast)', () => {
  it("says the server's reason in the user's language, keeps 'Failed to delete deck' for an unexplained failure, and stays open", async () => {
    let answer: MockAnswer = { status: 404, code: 'DECK_NOT_FOUND' };
    mockApi(() => answer);
    const toasts = errorToasts();
    const onOpenChange = vi.fn();
    const { unmount } = renderWithProviders(<DeleteDeckDialog deck={{ id: 'd1', name: 'Red Zoro' }} open onOpenChange={onOpenChange} />);
    expect(await deleteAndReadToast(toasts)).toBe(decks.errors.codes.DECK_NOT_FOUND);
    expect(onOpenChange).not.toHaveBeenCalledWith(false);

    answer = { status: 500, code: 'INTERNAL_ERROR' };
    expect(await deleteAndReadToast(toasts)).toBe(decks.toasts.deleteFailed);
    unmount();

    await initTestI18n('es');
    answer = { status: 404, code: 'DECK_NOT_FOUND' };
    renderWithProviders(<DeleteDeckDialog deck={{ id: 'd1', name: 'Red Zoro' }} open onOpenChange={onOpenChange} />);
    expect(await deleteAndReadToast(toasts)).toBe(es.errors.codes.DECK_NOT_FOUND);
  });
});
