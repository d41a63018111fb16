import { useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { useFocusReturn } from '@/lib/focus-return';
import { serverErrorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { partLoader, useLiveOnUse } from './open-on-use';
import type { ConfirmDialogProps, LiveConfirmDialogProps } from './confirm-dialog-radix';

/** Radix's dialog (and Radix's code), fetched once: when a page that can ask first idles, or when one first opens. */
const livePart = partLoader(() => import('./confirm-dialog-radix').then((m): ComponentType<LiveConfirmDialogProps> => m.LiveConfirmDialog));

/**
 * "Delete this …?" and other confirmations: a title, what will happen, Cancel and a confirm button that shows
 * a spinner while `onConfirm` runs. The dialog closes only when `onConfirm` resolves without throwing.
 *
 * Radix's dialog is loaded only when one is needed (fetched ahead while the page idles): the pages that hold one (a
 * binder, a deck, comments) would otherwise download and run all of Radix before they hydrate, for a dialog most
 * visits never open.
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
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const { live, mount } = useLiveOnUse(livePart.load);
  const loaded = live !== null;
  useEffect(() => {
    if (loaded) return;
    if (open) {
      mount(false);
    } else if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(livePart.preload, { timeout: 5000 });
      return () => cancelIdleCallback(idle);
    }
  }, [open, loaded, mount]);
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
  if (!live) return null;
  return (
    <live.component
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      text={text}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      destructive={destructive}
      testId={testId}
      busy={busy}
      confirm={() => void confirm()}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}

/**
 * "Delete this …?" for something stored on the server: `remove` deletes it; when that fails the user is told what the
 * server said (serverErrorText), else `failedText`, and the dialog stays open, else `onRemoved` gets the answer (to refresh what showed it and say so).
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
      notify.error(serverErrorText(err) ?? failedText);
      throw err;
    }
    await onRemoved(answer);
  };
  return <ConfirmDialog {...dialog} onConfirm={confirm} />;
}
