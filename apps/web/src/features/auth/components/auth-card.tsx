import type { ReactNode } from 'react';
import { Logo } from '@/components/logo';

/** The frame of the sign-in screens: a centred card with the logo, a title and a lead. */
export function AuthCard({ title, lead, children, footer }: { title: string; lead?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 py-4 sm:py-10">
      <div className="rounded-2xl border border-border bg-surface p-5 shadow-sm sm:p-8">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <Logo className="h-11 w-11" />
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {lead && <p className="text-sm text-muted">{lead}</p>}
        </div>
        {children}
      </div>
      {footer && <div className="text-center text-sm text-muted">{footer}</div>}
    </div>
  );
}
