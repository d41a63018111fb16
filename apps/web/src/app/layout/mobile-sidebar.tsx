import { useTranslation } from 'react-i18next';
import { Sheet } from '@/components/ui/sheet';
import { NavList } from './sidebar';

/** Below 768 px the sidebar is an overlay with a focus trap, closed by Escape, the backdrop or a link. */
export function MobileSidebar({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onOpenChange={onOpenChange} side="left" title={t('nav.menu')} closeLabel={t('actions.close')} className="w-72">
      <nav aria-label={t('nav.main')}>
        <NavList collapsed={false} onNavigate={() => onOpenChange(false)} />
      </nav>
    </Sheet>
  );
}
