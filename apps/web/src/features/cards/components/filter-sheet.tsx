import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** The filters as a side sheet on small screens. */
export function FilterSheet({
  open,
  onOpenChange,
  total,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  total: number | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation('cards');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-[22rem] max-w-[92vw] flex-col border-l border-border bg-surface shadow-2xl"
        >
          <div className="flex items-center justify-between border-b border-border p-4">
            <Dialog.Title className="text-base font-semibold">{t('filters.title')}</Dialog.Title>
            <Dialog.Close aria-label={t('filters.close')} className="inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-lg hover:bg-surface-2">
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto p-4">{children}</div>
          <div className="border-t border-border p-4">
            <Button className="w-full" onClick={() => onOpenChange(false)}>
              {total !== undefined ? t('filters.showResults', { count: total }) : t('filters.close')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
