import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';

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
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      side="right"
      title={t('filters.title')}
      closeLabel={t('filters.close')}
      className="w-[22rem]"
      footer={
        <Button className="w-full" onClick={() => onOpenChange(false)}>
          {total !== undefined ? t('filters.showResults', { count: total }) : t('filters.close')}
        </Button>
      }
    >
      <div className="p-1">{children}</div>
    </Sheet>
  );
}
