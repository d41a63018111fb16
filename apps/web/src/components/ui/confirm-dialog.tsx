import { AlertDialog } from 'radix-ui';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { useFocusReturn } from '@/lib/focus-return';
import { notify } from '@/lib/toast';
import { Button } from './button';
import { Spinner } from './misc';

/**
 * "Delete this …?" and other confirmations: a title, what will happen, Cancel and a confirm button that shows
 * a spinner while `onConfirm` runs. The dialog closes only when `onConfirm` resolves without throwing.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  text,
  confirmLabel,
  cancelLabel,
  onConfirm,
  destructive = true,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => Promise<void>;
  destructive?: boolean;
  testId?: string;
}) {
  const [busy, setBusy] = useState(false);
  const onCloseAutoFocus = useFocusReturn(open);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      /* the caller told the user */
    } finally {
      setBusy(false);
    }
  };
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
            <Button variant={destructive ? 'dangerSolid' : 'primary'} onClick={() => void confirm()} disabled={busy} data-testid={testId}>
              {busy && <Spinner className="h-4 w-4" label={confirmLabel} />}
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * "Delete this …?" for something stored on the server: `remove` deletes it; when that fails the user is told
 * `failedText` and the dialog stays open, else `onRemoved` gets the answer (to refresh what showed it and say so).
 */
export function DeleteDialog<T>({
  remove,
  onRemoved,
  failedText,
  ...dialog
}: Omit<ComponentProps<typeof ConfirmDialog>, 'onConfirm'> & {
  remove: () => Promise<T>;
  onRemoved: (answer: T) => void | Promise<void>;
  failedText: string;
}) {
  const confirm = async () => {
    let answer: T;
    try {
      answer = await remove();
    } catch (err) {
      notify.error(failedText);
      throw err;
    }
    await onRemoved(answer);
  };
  return <ConfirmDialog {...dialog} onConfirm={confirm} />;
}
