import { asc, isNotNull } from 'drizzle-orm';
import { runCommand } from './db/command';
import { cards } from './db/schema/index';
import { cardImagesFromEnv } from './features/images/card-images';
import { loadEnv, resolveFromRoot } from './lib/env';
import { createLogger } from './lib/logger';

/**
 * npm run images:warm — makes the WebP thumbnails (160, 320, 640 wide) of every card with art, with progress. Safe to
 * re-run: a card whose thumbnails are kept is skipped; one whose original cannot be had is reported and tried again
 * on the next run. On the embedded database it needs the data directory to itself (stop the server first; the server
 * makes thumbnails itself as they are asked for).
 */
const env = loadEnv();
const log = createLogger(env.LOG_LEVEL === 'info' ? 'error' : env.LOG_LEVEL);
/** Cards worked on at once (each waits mostly on the image host). */
const PARALLEL = 4;

const code = await runCommand('npm run images:warm', async (database) => {
  const images = cardImagesFromEnv(env, resolveFromRoot(env.DATA_DIR), log);
  const list = await database.db
    .select({ id: cards.id, artworkUrl: cards.artworkUrl, colors: cards.colors })
    .from(cards)
    .where(isNotNull(cards.artworkUrl))
    .orderBy(asc(cards.id));
  const counts = { kept: 0, made: 0, unavailable: 0 };
  let next = 0;
  let lastReport = 0;
  const report = (force = false) => {
    const done = counts.kept + counts.made + counts.unavailable;
    if (!force && performance.now() - lastReport < 2000) return;
    lastReport = performance.now();
    console.log(`images: ${done}/${list.length} cards (made ${counts.made}, already kept ${counts.kept}, unavailable ${counts.unavailable})`);
  };
  console.log(`images: ${list.length} cards with art; thumbnails go to ${images.storeDescription}`);
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < list.length) {
        const card = list[next++]!;
        counts[await images.warm(card.id, card)]++;
        report();
      }
    }),
  );
  report(true);
  if (counts.unavailable) console.log(`${counts.unavailable} cards had no image to be had (the image host unreachable or missing them): run the command again later.`);
  return counts.unavailable && !counts.made && !counts.kept ? 1 : 0;
});
process.exit(code);
