import { Eye, EyeOff, TriangleAlert } from 'lucide-react';
import { Check } from 'lucide-react';
import { forwardRef, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export const inputClass = (invalid?: boolean) =>
  cn(
    'h-10 w-full rounded-lg border bg-surface px-3 text-sm text-fg placeholder:text-muted disabled:opacity-60',
    invalid ? 'border-danger' : 'border-border',
  );

/** A labelled control with an optional hint and its error, wired with aria-describedby. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  className,
  labelAside,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
  labelAside?: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {labelAside}
      </div>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-xs font-medium text-danger">
      {message}
    </p>
  );
}

/** aria attributes tying an input to its Field's hint and error. */
export const describedBy = (id: string, error?: string, hint?: boolean) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

export const TextInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }>(function TextInput(
  { invalid, className, ...props },
  ref,
) {
  return <input ref={ref} className={cn(inputClass(invalid), className)} {...props} />;
});

export const TextArea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean }>(function TextArea(
  { invalid, className, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(inputClass(invalid), 'h-auto min-h-24 py-2', className)} {...props} />;
});

/** A password input with a show/hide toggle. */
const PasswordInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { invalid?: boolean }>(
  function PasswordInput({ invalid, className, ...props }, ref) {
    const { t } = useTranslation();
    const [shown, setShown] = useState(false);
    return (
      <div className="relative">
        <input ref={ref} type={shown ? 'text' : 'password'} className={cn(inputClass(invalid), 'pr-10', className)} {...props} />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? t('form.hidePassword') : t('form.showPassword')}
          aria-pressed={shown}
          className="absolute right-1 top-1/2 inline-flex h-8 w-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-fg"
        >
          {shown ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
        </button>
      </div>
    );
  },
);

type FieldProps = { id: string; label: ReactNode; hint?: ReactNode; error?: string; labelAside?: ReactNode };

/** A labelled text input with its hint and error (the input's props pass through, including a form library's register). */
export const TextField = forwardRef<HTMLInputElement, FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>>(function TextField(
  { id, label, hint, error, labelAside, ...input },
  ref,
) {
  return (
    <Field id={id} label={label} hint={hint} error={error} labelAside={labelAside}>
      <TextInput ref={ref} id={id} invalid={Boolean(error)} {...describedBy(id, error, Boolean(hint))} {...input} />
    </Field>
  );
});

/** A labelled password input (with show/hide) and its hint and error. */
export const PasswordField = forwardRef<HTMLInputElement, FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>>(function PasswordField(
  { id, label, hint, error, labelAside, ...input },
  ref,
) {
  return (
    <Field id={id} label={label} hint={hint} error={error} labelAside={labelAside}>
      <PasswordInput ref={ref} id={id} invalid={Boolean(error)} {...describedBy(id, error, Boolean(hint))} {...input} />
    </Field>
  );
});

/** A checkbox with its label (and an optional error below). */
export function CheckboxField({
  id,
  checked,
  onCheckedChange,
  children,
  error,
  disabled,
  testId,
}: {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <button
          type="button"
          role="checkbox"
          id={id}
          aria-checked={checked}
          data-state={checked ? 'checked' : 'unchecked'}
          disabled={disabled}
          onClick={() => onCheckedChange(!checked)}
          // WAI-ARIA's checkbox toggles on Space only (a button would also on Enter, which submits a form instead).
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
          data-testid={testId}
          {...describedBy(id, error)}
          className={cn(
            'mt-0.5 flex h-5 w-5 shrink-0 cursor-pointer items-center justify-center rounded-md border bg-surface disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:border-accent data-[state=checked]:bg-accent data-[state=checked]:text-accent-fg',
            error ? 'border-danger' : 'border-border',
          )}
        >
          {checked && <Check className="h-3.5 w-3.5" strokeWidth={3} aria-hidden />}
        </button>
        <label htmlFor={id} className="cursor-pointer text-sm leading-snug">
          {children}
        </label>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A form-level message: an error (role=alert) or a neutral notice. */
export function FormMessage({ tone = 'error', children }: { tone?: 'error' | 'info' | 'success'; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm',
        tone === 'error' && 'border-danger/40 bg-danger/10 text-fg',
        tone === 'info' && 'border-border bg-surface-2 text-fg',
        tone === 'success' && 'border-success/40 bg-success/10 text-fg',
      )}
    >
      {tone === 'error' && <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-danger" aria-hidden />}
      <div className="min-w-0">{children}</div>
    </div>
  );
}
