import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
    app.decorate('stockSearch', new SearchService(app.db));
  },
  { name: 'search', dependencies: ['context'] },
);
