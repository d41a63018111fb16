import type { ReactNode } from 'react';

/** One setting of Settings → Preferences: its label and hint, its control on the right (under them on phones). */
export function SettingRow({ label, hint, htmlFor, testId, children }: { label: string; hint?: string; htmlFor: string; testId?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 border-t border-border py-4 first-of-type:border-t-0 sm:flex-row sm:items-center sm:justify-between" data-testid={testId}>
      <div>
        <label htmlFor={htmlFor} className="text-sm font-medium">
          {label}
        </label>
        {hint && <p className="text-xs text-muted">{hint}</p>}
      </div>
      <div className="sm:w-64">{children}</div>
    </div>
  );
}
