import { registerActivityRecording } from './features/profiles/activity.service';
import { registerRegulationNotices } from './features/decks/regulation-notice-delivery';
import { registerSearchNotices, type SearchNoticeDeps } from './features/searches/search-notice-delivery';

/**
 * Every handler of the domain events (lib/domain-events.ts), registered in one place: an event emitted with no handler
 * throws, so whatever may emit one registers them first — buildApp, and before it the server's start-up seeding
 * (main.ts), the seed command, the test databases' templates and the benches that import the catalogue. Registering
 * again replaces, never doubles. `deps` is the database and, for a server, its channels (live events, mail, push); a
 * command passes `channels: false` and the notices it writes wait in the outbox for the server.
 */
export function registerDomainHandlers(deps: SearchNoticeDeps, options: { channels?: boolean } = {}): void {
  // The profile feed records what decks, binders and comments announce.
  registerActivityRecording();
  // Saved searches tell their owners about new prints of the catalogue.
  registerSearchNotices(deps, options);
  // Regulation notices (written by an admin's entry or the daily job) are delivered through the server's channels.
  if (options.channels !== false) registerRegulationNotices(deps);
}
