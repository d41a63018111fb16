import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { menuItem, popoverSurface } from '@/components/ui/styles';
import { cn } from '@/lib/cn';

/** The owner's "more" menu of a binder's header: edit it, or delete it. */
export function BinderOwnerMenu({ onOpen }: { onOpen: (dialog: 'edit' | 'delete') => void }) {
  const { t } = useTranslation('binders');
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-lg border border-border hover:bg-surface-2" aria-label={t('actions.more')} data-testid="binder-more">
        <MoreHorizontal className="h-4 w-4" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={6} className={`${popoverSurface} min-w-44 p-1`}>
          <DropdownMenu.Item className={menuItem} onSelect={() => onOpen('edit')} data-testid="binder-edit">
            <Pencil className="h-4 w-4" aria-hidden />
            {t('actions.edit')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={cn(menuItem, 'text-danger')} onSelect={() => onOpen('delete')} data-testid="binder-delete">
            <Trash2 className="h-4 w-4" aria-hidden />
            {t('actions.delete')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
