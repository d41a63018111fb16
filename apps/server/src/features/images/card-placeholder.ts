/** The card colors' hues, as the web app's placeholder draws them (apps/web components/card/color-dots.tsx). */
const COLOR_HEX: Record<string, string> = {
  Red: '#d9423b',
  Green: '#2f9e5b',
  Blue: '#2f6fd6',
  Purple: '#8b4fc7',
  Black: '#3b3f46',
  Yellow: '#e5b82e',
};

/** The designed placeholder: the card's colors behind the Grand Line compass, in a card's proportions (600 × 838). */
export function placeholderSvg(colors: readonly string[]): string {
  const [first = 'Black', second] = colors.length ? colors : ['Black'];
  const a = COLOR_HEX[first] ?? '#3b3f46';
  const b = second ? (COLOR_HEX[second] ?? '#3b3f46') : '#0b1020';
  const stops = second ? `<stop offset="0.5" stop-color="${a}"/><stop offset="0.5" stop-color="${b}"/>` : `<stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="838" viewBox="0 0 600 838">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">${stops}</linearGradient></defs>
<rect width="600" height="838" rx="27" fill="url(#g)"/>
<rect x="24" y="24" width="552" height="790" rx="18" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="4"/>
<g transform="translate(300 419)" opacity="0.85"><circle r="96" fill="#0b1020" fill-opacity="0.55"/>
<circle r="64" fill="none" stroke="#f5b82e" stroke-width="14"/><path d="M0 -80v160M-80 0h160" stroke="#f5b82e" stroke-width="14" stroke-linecap="round"/>
<circle r="18" fill="#e0483e"/></g></svg>`;
}
