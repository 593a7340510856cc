import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DatabaseFileStorage } from '../storage/databaseFileStorage';
import type { FileStorage } from '../storage/fileStorage';
import { LocalDiskStorage } from '../storage/localDiskStorage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files are kept: the database or UPLOAD_DIR, as FILE_STORAGE says. */
    storage: FileStorage;
  }
}

export default fp(
  async function storagePlugin(app: FastifyInstance) {
    const storage: FileStorage =
      app.config.fileStorage === 'database'
        ? new DatabaseFileStorage(app.db, app.now)
        : new LocalDiskStorage(app.config.uploadDir);
    app.decorate('storage', storage);
  },
  { name: 'storage', dependencies: ['context'] },
);
