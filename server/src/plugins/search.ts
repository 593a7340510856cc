import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { onChangesCommitted } from '../feed/changeLog';
import { SearchService } from '../search/searchService';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * This process's fuzzy search (SERVER.md §11), and with it the version of the stock records it keeps current:
     * the full lists' cache (routes/stock) asks it whether a write happened.
     */
    stockSearch: SearchService;
  }
}

export default fp(
  async function searchPlugin(app: FastifyInstance) {
    const search = new SearchService(app.db);
    app.decorate('stockSearch', search);
    // This process's writes are applied as they commit, in steps, rather than by the next search all at once.
    const stopHearingCommits = onChangesCommitted(app.db, () => search.catchUpInBackground());
    app.addHook('onClose', async () => {
      stopHearingCommits();
      await search.idle();
    });
  },
  { name: 'search', dependencies: ['context'] },
);
