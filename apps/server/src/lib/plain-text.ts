import sanitizeHtml from 'sanitize-html';

/** The three escapes sanitize-html writes into text (it escapes &, < and >, nothing else). */
const SANITIZED_TEXT_ESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>' };

/**
 * What people write for others to read (a bio, a comment) is plain text, stored as they wrote it: any markup is
 * removed, runs of more than two line breaks are shortened. sanitize-html answers HTML (text escaped), so its escapes
 * are undone in one pass: what is stored is text, and React escapes it once when showing it ("a > b" is stored and
 * shown as "a > b", not "a &gt; b"). The public API therefore never hands out markup a third-party client could render.
 */
export function plainText(text: string): string {
  // Undoing the escapes can make markup of what was written escaped ("&lt;script&gt;" is text, "<script>" is not):
  // passes continue until one changes nothing. Each removes markup or one level of escapes, so few are ever needed.
  let current = text;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = onePass(current);
    if (next === current) return next;
    current = next;
  }
  // Still changing: whatever could still be read as markup goes.
  return current.replace(/[<>]/g, '');
}

const MAX_PASSES = 8;

function onePass(text: string): string {
  const html = sanitizeHtml(text, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' });
  const plain = html.replace(/&(?:amp|lt|gt);/g, (escape) => SANITIZED_TEXT_ESCAPES[escape] ?? escape);
  return plain.replace(/\r\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}
