import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function Deleting({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete binder
      </button>
      <output>{open ? 'open' : 'closed'}</output>
      <ConfirmDialog open={open} onOpenChange={setOpen} title="Delete this binder?" text="Its cards go too." confirmLabel="Delete" cancelLabel="Cancel" onConfirm={onConfirm} testId="confirm" />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('draws nothing while closed; opened, it asks, and closes only once onConfirm resolves', async () => {
    let calls = 0;
    let fail = true;
    render(
      <Deleting
        onConfirm={async () => {
          calls++;
          if (fail) throw new Error('refused');
        }}
      />,
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete binder' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this binder?' });
    expect(dialog.textContent).toContain('Its cards go too.');

    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm'));
    });
    expect(calls).toBe(1);
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    fail = false;
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm'));
    });
    expect(calls).toBe(2);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'closed')).toBe(true);
  });
});
