import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

/** What a ConfirmDialog (confirm-dialog.tsx) is given. */
export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => Promise<void>;
  destructive?: boolean;
  testId?: string;
}

/** And what its Radix part is given: the confirm button's state and action, and where focus returns. */
export type LiveConfirmDialogProps = Omit<ConfirmDialogProps, 'onConfirm' | 'destructive'> & {
  destructive: boolean;
  busy: boolean;
  confirm: () => void;
  onCloseAutoFocus: (event: Event) => void;
};

/** The Radix dialog of a ConfirmDialog (confirm-dialog.tsx), loaded when one first opens. */
export function LiveConfirmDialog({ open, onOpenChange, title, text, confirmLabel, cancelLabel, destructive, testId, busy, confirm, onCloseAutoFocus }: LiveConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content onCloseAutoFocus={onCloseAutoFocus} className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">{text}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="ghost">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <Button variant={destructive ? 'dangerSolid' : 'primary'} onClick={confirm} disabled={busy} data-testid={testId}>
              {busy && <Spinner className="h-4 w-4" label={confirmLabel} />}
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
