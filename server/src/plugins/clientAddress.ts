import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../http/errors';

/**
 * Behind a trusted proxy (TRUST_PROXY) the client's address is read from X-Forwarded-For, which a client may fill
 * with anything: the proxy only appends to what it was sent. The trusted part of the chain (`request.ips`: the
 * connection's address and the hops trusted beyond it; entries past them are never read) must be IP addresses, or
 * the request is refused before any route runs, so the audit log, the sign-in limits and the logs never record text
 * that is no address. Written here because proxy-addr, beneath Fastify's `trustProxy`, passes a trusted entry on
 * unchecked when trust is `true` or a hop count.
 */
export default fp<{ trustProxy: boolean | number | string }>(
  async function clientAddressPlugin(app: FastifyInstance, { trustProxy }) {
    if (trustProxy === false) return;
    app.addHook('onRequest', async (request) => {
      if (request.headers['x-forwarded-for'] === undefined) return;
      if (!(request.ips ?? []).every((address) => isIP(address) !== 0)) {
        throw badRequest('X-Forwarded-For must list IP addresses.');
      }
    });
  },
  { name: 'client-address' },
);
