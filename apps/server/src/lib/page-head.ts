import type { AppPage } from '@grandline/core/app-pages';
import { BinderSummary } from '@grandline/core/contracts/binders';
import { Card } from '@grandline/core/contracts/cards';
import { DeckSummary } from '@grandline/core/contracts/decks';
import { CardSet } from '@grandline/core/contracts/sets';
import { productCode } from '@grandline/core/set-code';
import { z } from 'zod';

/**
 * What a shared link shows before anyone opens it: the `<head>` of a public item's page (a card, a set, a public deck
 * or binder) names the item — its title as the page's own `<PageTitle>` writes it, a description, its address and its
 * card art — for search engines and for the previews chat apps draw from a link (Open Graph). They read the HTML the
 * server sends and run none of the app's code, so the server writes these from the item's API answer, which the page's
 * status check read already (lib/page-status.ts). Private items get nothing here: the shell's generic head stays.
 */
export interface PageHead {
  /** The tab's title, exactly as the page's `<PageTitle>` draws it ("{title} · Grand Line"). */
  title: string;
  description: string | null;
  /** The card art shown with the link (a path of ours). */
  image: string | null;
}

const SITE_NAME = 'Grand Line';
const MAX_DESCRIPTION = 200;

const art = (card: { id: number } | null | undefined) => (card ? `/img/cards/${card.id}/640.webp` : null);
/** One line of at most MAX_DESCRIPTION characters (an effect's line breaks become spaces). */
const line = (text: string | null | undefined) => {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!flat) return null;
  return flat.length > MAX_DESCRIPTION ? `${flat.slice(0, MAX_DESCRIPTION - 1).trimEnd()}…` : flat;
};
const titled = (title: string) => `${title} · ${SITE_NAME}`;

const CardHead = Card.pick({ id: true, name: true, cardNumber: true, cardType: true, colors: true, cardText: true });
const DeckHead = DeckSummary.pick({ name: true, description: true, isPublic: true, leader: true, cover: true });
const BinderHead = BinderSummary.pick({ name: true, description: true, isPublic: true, category: true, preview: true });
const SetHead = CardSet.pick({ code: true, name: true }).extend({ cards: z.array(Card.pick({ id: true })).optional() });

/** The head of an item's page from its API answer, or null (a private item, an editor, an answer of another shape). */
export function itemHead(page: AppPage, pathname: string, item: unknown): PageHead | null {
  switch (page.kind) {
    case 'card': {
      const card = CardHead.safeParse(item);
      if (!card.success) return null;
      const { id, name, cardNumber, cardType, colors, cardText } = card.data;
      // The card's own words (the catalogue's, like its name), after what it is.
      const description = line([`${cardNumber} · ${cardType}${colors.length ? ` · ${colors.join('/')}` : ''}`, cardText].filter(Boolean).join(' — '));
      return { title: titled(`${name} (${cardNumber})`), description, image: art({ id }) };
    }
    case 'deck': {
      const deck = DeckHead.safeParse(item);
      if (!deck.success || !deck.data.isPublic || pathname.endsWith('/edit')) return null;
      const { name, description, leader, cover } = deck.data;
      return { title: titled(name), description: line(description ?? (leader ? `${leader.name} (${leader.cardNumber})` : null)), image: art(cover ?? leader) };
    }
    case 'binder': {
      const binder = BinderHead.safeParse(item);
      if (!binder.success || !binder.data.isPublic || binder.data.category === 'wishlist') return null;
      const { name, description, preview } = binder.data;
      return { title: titled(name), description: line(description), image: art(preview) };
    }
    case 'set': {
      const set = SetHead.safeParse(item);
      if (!set.success) return null;
      const { code, name, cards } = set.data;
      return { title: titled(`${code ? `${productCode(code)} ` : ''}${name}`), description: null, image: art(cards?.[0]) };
    }
    default:
      return null;
  }
}

/** Text made safe inside HTML or XML, attribute values included (named escapes: `&amp;`, `&lt;`, `&gt;`, `&quot;`). */
export const escapeMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The shell with an item's head: its `<title>` and description replaced, and its address, Open Graph and card tags
 * added. `pageUrl` is the page's absolute address without its query (the canonical one: other spellings of a card's
 * address were redirected to it), `base` the public origin that makes the art's path absolute.
 */
export function withPageHead(shellHtml: string, head: PageHead, pageUrl: string, base: string): string {
  const title = escapeMarkup(head.title);
  const image = head.image ? escapeMarkup(new URL(head.image, base).href) : null;
  const url = escapeMarkup(pageUrl);
  const description = head.description ? escapeMarkup(head.description) : null;
  const tags = [
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:url" content="${url}" />`,
    description && `<meta property="og:description" content="${description}" />`,
    image && `<meta property="og:image" content="${image}" />`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
  ].filter(Boolean);
  let html = shellHtml.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
  if (description) html = html.replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${description}" />`);
  return html.replace('</head>', () => `${tags.join('')}</head>`);
}
