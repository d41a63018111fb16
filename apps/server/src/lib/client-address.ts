/** The client's address: the socket's, or the left-most X-Forwarded-For entry behind a trusted proxy. */
export function clientAddress(req: Request, env: unknown, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
}
