import { useId, type ReactNode } from 'react';

/** A titled section of a settings-like page (Settings → Account, /profile): a bordered card with a heading and a lead. */
export function Panel({ title, description, children, tone }: { title: string; description?: ReactNode; children: ReactNode; tone?: 'danger' }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`rounded-2xl border bg-surface p-5 sm:p-6 ${tone === 'danger' ? 'border-danger/40' : 'border-border'}`}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
