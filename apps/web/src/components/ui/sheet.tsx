import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useFocusReturn } from '@/lib/focus-return';

/** A side panel over the page (Radix dialog: focus trap, Escape and backdrop close it). */
export function Sheet({
  open,
  onOpenChange,
  side,
  title,
  closeLabel,
  footer,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: 'left' | 'right';
  title: string;
  closeLabel: string;
  footer?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const onCloseAutoFocus = useFocusReturn(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          aria-describedby={undefined}
          className={cn(
            'fixed inset-y-0 z-50 flex max-w-[90vw] flex-col border-border bg-surface shadow-2xl',
            side === 'left' ? 'left-0 border-r' : 'right-0 border-l',
            className,
          )}
        >
          <div className="flex items-center justify-between border-b border-border px-4 py-3">
            <Dialog.Title className="text-base font-semibold">{title}</Dialog.Title>
            <Dialog.Close aria-label={closeLabel} className="inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-lg hover:bg-surface-2">
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto p-3">{children}</div>
          {footer && <div className="border-t border-border p-4">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
