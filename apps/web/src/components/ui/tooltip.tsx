import { Tooltip as RTooltip } from 'radix-ui';
import { useState, type ReactElement, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { popoverSurface } from './styles';

/**
 * A short explanation shown on hover and keyboard focus (Radix Tooltip), and on tap as well: touch screens have no
 * hover, so a press of the trigger opens it and a press elsewhere closes it. `children` is the trigger, a focusable
 * element (a button) that takes a ref.
 */
export function Tooltip({ content, children, side = 'top', className }: { content: ReactNode; children: ReactElement; side?: 'top' | 'bottom' | 'left' | 'right'; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <RTooltip.Provider delayDuration={150}>
      <RTooltip.Root open={open} onOpenChange={setOpen}>
        {/* Radix closes a tooltip on click; preventing that default keeps a tap's tooltip open. */}
        <RTooltip.Trigger
          asChild
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          {children}
        </RTooltip.Trigger>
        <RTooltip.Portal>
          <RTooltip.Content side={side} sideOffset={6} collisionPadding={8} className={cn(popoverSurface, 'max-w-xs px-3 py-2 text-xs leading-relaxed', className)}>
            {content}
            <RTooltip.Arrow className="fill-[var(--border)]" />
          </RTooltip.Content>
        </RTooltip.Portal>
      </RTooltip.Root>
    </RTooltip.Provider>
  );
}
