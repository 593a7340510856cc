import FixedJSDOMEnvironment from 'jest-fixed-jsdom';
import { startApiServer } from './apiServer';

declare global {
  /** Starts the real API server for a test file (apiServer.ts); testServer.ts calls it. */
  var startApiServer: typeof import('./apiServer').startApiServer;
}

/**
 * jest-fixed-jsdom, with the real API server at hand. Jest loads a test environment with Node's own `require` and
 * caches it for the whole worker process, so the server code this module imports is loaded once per worker, not
 * once per test file (which cost about a second each), and runs in Node's realm, not jsdom's. Each test file still
 * starts its own app on its own database.
 */
export default class LabStoreTestEnvironment extends FixedJSDOMEnvironment {
  constructor(...args: ConstructorParameters<typeof FixedJSDOMEnvironment>) {
    super(...args);
    this.global.startApiServer = startApiServer;
  }
}
