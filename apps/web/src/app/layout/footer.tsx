import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const LEGAL_LINKS = [
  { to: '/terms-of-service', key: 'terms' },
  { to: '/privacy', key: 'privacy' },
  { to: '/cookies-policy', key: 'cookies' },
  { to: '/privacy-legacy', key: 'privacyLegacy' },
  { to: '/impressum', key: 'impressum' },
  { to: '/about', key: 'about' },
  { to: '/contributors', key: 'contributors' },
  { to: '/contact', key: 'contact' },
] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-16 border-t border-border bg-surface/40 px-4 py-8 text-sm text-muted sm:px-6">
      <div className="mx-auto flex max-w-7xl flex-col gap-4">
        <nav aria-label={t('footer.legal')}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {LEGAL_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="rounded hover:text-fg hover:underline">
                  {t(`footer.${l.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <p className="text-xs leading-relaxed">{t('footer.disclaimer')}</p>
      </div>
    </footer>
  );
}
