import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

type SwitchProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'role' | 'type' | 'value'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  testId?: string;
};

/**
 * An on/off switch: a button with role="switch" and aria-checked (WAI-ARIA's switch pattern; Space and Enter toggle it,
 * as a button), with `data-state` checked/unchecked for styling as Radix's had. Name it with a <label htmlFor> or an
 * aria-label. Our own rather than Radix's: the library's filters were the only reason its first visit loaded Radix.
 */
export function Switch({ checked, onCheckedChange, testId, className, onClick, ...rest }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? 'checked' : 'unchecked'}
      data-testid={testId}
      className={cn(
        'relative h-6 w-11 shrink-0 cursor-pointer rounded-full bg-border transition-colors disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-accent',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange(!checked);
      }}
      {...rest}
    >
      <span
        data-state={checked ? 'checked' : 'unchecked'}
        className="pointer-events-none block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]"
      />
    </button>
  );
}
