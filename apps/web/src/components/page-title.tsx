import { useTranslation } from 'react-i18next';

/** The product's name, as in index.html's <title>; a brand, the same in every language. */
const SITE_NAME = 'Grand Line';

/**
 * The browser tab's title for the page that renders it: "{title} · Grand Line", or the home title (in the UI language)
 * without one. React 19 hoists <title> into <head> and takes it out with the page (no document.title effect).
 */
export function PageTitle({ title }: { title?: string }) {
  const { t } = useTranslation('common');
  return <title>{title ? `${title} · ${SITE_NAME}` : t('app.homeTitle')}</title>;
}
