/** The product's name, as in index.html's <title>; a brand, the same in every language. */
const SITE_NAME = 'Grand Line';
const HOME_TITLE = `${SITE_NAME} — One Piece TCG companion`;

/**
 * The browser tab's title for the page that renders it: "{title} · Grand Line", or the home title without one.
 * React 19 hoists <title> into <head> and takes it out with the page (no document.title effect).
 */
export function PageTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · ${SITE_NAME}` : HOME_TITLE}</title>;
}
