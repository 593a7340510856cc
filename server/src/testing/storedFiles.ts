import fs from 'node:fs';
import type { FileStorageKind } from '../config';
import type { TestApp } from './testApp';

/** Both FILE_STORAGE settings, for tests that run once per storage (`describe.each(FILE_STORAGES)`). */
export const FILE_STORAGES: readonly FileStorageKind[] = ['local', 'database'];

/**
 * The names a test app's storage holds, sorted: the upload folder's entries, or every file row in the database
 * (an upload still arriving included, so "nothing stored" means nothing at all).
 */
export async function storedFileNames({ config, db }: Pick<TestApp, 'config' | 'db'>): Promise<string[]> {
  if (config.fileStorage === 'local') {
    return fs.existsSync(config.uploadDir) ? fs.readdirSync(config.uploadDir).sort() : [];
  }
  const rows = await db.selectFrom('file_blobs').select('name').execute();
  return rows.map((row) => row.name).sort();
}
