import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStorage } from '../storage/fileStorage';
import { LocalDiskStorage } from '../storage/localDiskStorage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files are kept (UPLOAD_DIR). */
    storage: FileStorage;
  }
}

export default fp(
  async function storagePlugin(app: FastifyInstance) {
    app.decorate('storage', new LocalDiskStorage(app.config.uploadDir));
  },
  { name: 'storage', dependencies: ['context'] },
);
