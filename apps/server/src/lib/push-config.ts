/** Web Push as configured (issue 17): the VAPID key pair that signs our messages, and the push services we post to. */
export interface PushConfig {
  publicKey: string;
  privateKey: string;
  /** Who runs this server, for the push services (a mailto: or https: address). */
  subject: string;
  /**
   * The push services a subscription may point at (host names; `*.example.com` for any subdomain). Anything else is
   * refused: the server must never be made to post to an address of the subscriber's choosing. http is accepted for a
   * listed loopback host only (a local stand-in in tests).
   */
  allowedHosts: readonly string[];
  /** Longest wait for a push service's answer, in milliseconds. */
  timeoutMs: number;
}
