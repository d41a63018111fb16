/** The e2e server's payments: a local stand-in for Stripe (e2e/stripe-stand-in.mjs) on a port of its own. */
const port = Number(process.env.E2E_PORT ?? 3100);
export const E2E_STRIPE = {
  port: Number(process.env.E2E_STRIPE_PORT ?? port + 99),
  get url() {
    return `http://127.0.0.1:${this.port}`;
  },
  webhookSecret: 'whsec_e2e_grandline',
};
