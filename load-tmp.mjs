import autocannon from 'autocannon';
const base = 'http://localhost:3999';
const ask = async (q) => (await (await fetch(`${base}/api/cards?${q}`)).json()).items;
const [leader] = (await ask('color=Red&type=Leader&block=3&variations=false&pageSize=50')).filter((c) => c.colors.length === 1);
const main = (await ask('color=Red&type=Character&block=3&variations=false&pageSize=50')).filter((c) => c.colors.length === 1).slice(0, 13);
const deckList = [`1x${leader.cardNumber}`, ...main.map((c, i) => `${i === 12 ? 2 : 4}x${c.cardNumber}`)].join('\n');
const lines = deckList.split('\n');
const H = { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' };
const D = 5;
await autocannon({ url: `${base}/api/health`, connections: 32, duration: 2 });
for (let round = 0; round < 2; round++) {
  const h = await autocannon({ url: `${base}/api/health`, connections: 32, duration: D, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  let variant = round * 1e6;
  const v = await autocannon({ url: `${base}/api/decks/validate`, connections: 32, duration: D, method: 'POST', headers: H, body: JSON.stringify({ list: deckList }), requests: [{ setupRequest: (req) => { variant++; const shift = variant % lines.length; return { ...req, body: JSON.stringify({ game: 'onepiece', format: 'standard', list: [...lines.slice(shift), ...lines.slice(0, shift), `// ${variant}`].join('\n') }) }; } }] });
  console.log(process.env.TAG, 'health', Math.round(h.requests.average), 'varied', Math.round(v.requests.average), 'ratio', (v.requests.average / h.requests.average).toFixed(3));
}
