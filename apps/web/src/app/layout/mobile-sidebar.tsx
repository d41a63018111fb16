import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { NavList } from './sidebar';

/** Below 768 px the sidebar is an overlay with a focus trap, closed by Escape, the backdrop or a link. */
export function MobileSidebar({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-border bg-surface p-3 shadow-2xl md:hidden"
        >
          <div className="mb-3 flex items-center justify-between px-1">
            <Dialog.Title className="text-base font-semibold">{t('nav.menu')}</Dialog.Title>
            <Dialog.Close
              aria-label={t('actions.close')}
              className="inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-lg hover:bg-surface-2"
            >
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </div>
          <nav aria-label={t('nav.main')} className="flex-1 overflow-y-auto">
            <NavList collapsed={false} onNavigate={() => onOpenChange(false)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
