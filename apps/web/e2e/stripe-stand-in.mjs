/**
 * A local stand-in for the Stripe endpoints the server calls (customers, Checkout and portal sessions, reading a
 * subscription back), for the browser tests: the e2e server reaches it through STRIPE_API_URL (the SDK's host, port and
 * protocol). Its Checkout and portal pages are plain pages of its own. Tests set a subscription's state through
 * PUT /__subscriptions/{id} before they deliver a signed webhook to the app. Loopback only.
 */
import http from 'node:http';

const port = Number(process.env.STRIPE_STAND_IN_PORT ?? 3199);
const base = `http://127.0.0.1:${port}`;
const subscriptions = new Map();
let customers = 0;
let sessions = 0;

const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk) => {
    raw += chunk;
    if (raw.length > 1_000_000) req.destroy();
  });
  req.on('end', () => {
    const path = (req.url ?? '').split('?')[0];
    const json = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const page = (title) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>${title}</title><h1>${title}</h1>`);
    };
    if (path === '/__health') return json(200, { ok: true });
    const control = /^\/__subscriptions\/([\w-]+)$/.exec(path);
    if (req.method === 'PUT' && control) {
      subscriptions.set(control[1], JSON.parse(raw));
      return json(200, { ok: true });
    }
    if (req.method === 'POST' && path === '/v1/customers') return json(200, { id: `cus_e2e_${++customers}`, object: 'customer', email: new URLSearchParams(raw).get('email') });
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_e2e_${++sessions}`;
      const form = new URLSearchParams(raw);
      return json(200, { id, object: 'checkout.session', mode: 'subscription', url: `${base}/pay/${id}?price=${form.get('line_items[0][price]')}&customer=${form.get('customer')}` });
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') return json(200, { id: 'bps_e2e', object: 'billing_portal.session', url: `${base}/portal?customer=${new URLSearchParams(raw).get('customer')}` });
    // The plans' prices (GET /api/billing/plans reads them): tax-inclusive euros, as a European shop would set them.
    const price = /^\/v1\/prices\/(price_(hobby|family)_(month|year))$/.exec(path);
    if (req.method === 'GET' && price) {
      const amounts = { price_hobby_month: 499, price_hobby_year: 4990, price_family_month: 899, price_family_year: 8990 };
      return json(200, { id: price[1], object: 'price', active: true, currency: 'eur', unit_amount: amounts[price[1]], tax_behavior: 'inclusive', recurring: { interval: price[3], interval_count: 1 } });
    }
    const sub = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (req.method === 'GET' && sub) {
      const found = subscriptions.get(sub[1]);
      return found ? json(200, found) : json(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' } });
    }
    if (req.method === 'GET' && path.startsWith('/pay/')) return page('Stripe test checkout');
    if (req.method === 'GET' && path === '/portal') return page('Stripe test customer portal');
    json(404, { error: { type: 'invalid_request_error', message: `unexpected ${req.method} ${path}` } });
  });
});
server.listen(port, '127.0.0.1');
