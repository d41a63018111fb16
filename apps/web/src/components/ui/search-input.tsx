import { Search } from 'lucide-react';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '@/lib/cn';

/** A labelled search field with a leading icon; `children` can add a trailing control. */
export function SearchInput({
  label,
  className,
  inputClassName,
  children,
  ...props
}: { label: string; children?: ReactNode; inputClassName?: string; ref?: Ref<HTMLInputElement> } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'>) {
  const id = useId();
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden />
      <input
        id={id}
        type="search"
        className={cn('h-10 w-full rounded-lg border border-border bg-surface pl-9 pr-9 text-sm placeholder:text-muted [&::-webkit-search-cancel-button]:hidden', inputClassName)}
        {...props}
      />
      {children}
    </div>
  );
}
