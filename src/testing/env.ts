import { clearImmediate, setImmediate } from 'node:timers';

// Jest stand-ins for the build-time settings webpack's DefinePlugin injects into the bundle.
process.env.API_BASE_URL ??= '';
process.env.TOKEN_STORAGE_KEY ??= 'labstore.accessToken';
process.env.FILE_BASE_URL ??= '';

// The tests' API server answers through Fastify's inject (see testServer.ts), which schedules with setImmediate;
// jsdom leaves it out, so Node's is put back, for every test file alike.
globalThis.setImmediate = setImmediate;
globalThis.clearImmediate = clearImmediate;
