import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../app';
import { CHUNK_BYTES } from '../storage/databaseFileStorage';
import { postUpload } from '../testing/multipart';
import { authHeader, buildTestApp, createTestDatabase, testConfig } from '../testing/testApp';
import { copyFilesToDatabase } from './files';

describe('npm run files -- copy-to-database', () => {
  it('moves a library kept on the local disk into the database, once, and the same downloads answer', async () => {
    const database = await createTestDatabase();
    const onDisk = await buildTestApp({ fileStorage: 'local' }, { database });
    const big = randomBytes(CHUNK_BYTES + 10);
    try {
      const { token } = await onDisk.signedInUser();
      const paths: string[] = [];
      for (const [content, name] of [
        [big, 'spectrum.bin'],
        [Buffer.from('sheet'), 'msds.pdf'],
        [Buffer.from('gone'), 'gone.txt'],
      ] as const) {
        const response = await postUpload(onDisk.app, [['file', content, name]], authHeader(token));
        expect(response.statusCode).toBe(201);
        paths.push(response.json().file.path);
      }
      fs.rmSync(`${onDisk.config.uploadDir}/gone.txt`);

      expect(await copyFilesToDatabase(database.db, onDisk.config.uploadDir)).toEqual({
        copied: ['spectrum.bin', 'msds.pdf'],
        present: [],
        missing: ['gone.txt'],
      });
      expect(await copyFilesToDatabase(database.db, onDisk.config.uploadDir)).toEqual({
        copied: [],
        present: ['spectrum.bin', 'msds.pdf'],
        missing: ['gone.txt'],
      });

      const inDatabase = await buildApp({
        config: testConfig({ fileStorage: 'database' }),
        database,
        logger: false,
      });
      try {
        const spectrum = await inDatabase.inject({ url: paths[0] });
        expect(spectrum.statusCode).toBe(200);
        expect(spectrum.rawPayload.equals(big)).toBe(true);
        expect((await inDatabase.inject({ url: paths[1] })).body).toBe('sheet');
        expect((await inDatabase.inject({ url: paths[2] })).statusCode).toBe(404);
      } finally {
        await inDatabase.close();
      }
    } finally {
      await onDisk.close();
      fs.rmSync(onDisk.config.dataDir, { recursive: true, force: true });
      await database.destroy();
    }
  });
});
