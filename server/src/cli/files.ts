import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { createDatabase, type Db } from '../db';
import { migrateToLatest } from '../db/migrate';
import { DatabaseFileStorage } from '../storage/databaseFileStorage';
import { LocalDiskStorage } from '../storage/localDiskStorage';
import { runAsCommand } from './command';

const USAGE = `Usage:
  npm run files -- copy-to-database
Copies the file library's files from UPLOAD_DIR into the database (FILE_STORAGE=database), under the same names.
Files already there are left alone, so it can be run again; UPLOAD_DIR is left as it is.`;

export interface CopyReport {
  copied: string[];
  /** Already in the database. */
  present: string[];
  /** Neither in the folder nor in the database: their downloads answered 404 before, and still do. */
  missing: string[];
}

/**
 * The bytes of every library file that the database does not hold yet, read from `uploadDir`: what an
 * installation that kept its files on the local disk runs once before it serves them from the database (the
 * default on PostgreSQL), or its downloads would answer 404.
 */
export async function copyFilesToDatabase(db: Db, uploadDir: string): Promise<CopyReport> {
  const local = new LocalDiskStorage(uploadDir);
  const database = new DatabaseFileStorage(db);
  const report: CopyReport = { copied: [], present: [], missing: [] };
  const rows = await db.selectFrom('files').select('stored_name').orderBy('id').execute();
  for (const { stored_name: name } of rows) {
    if (await database.exists(name)) report.present.push(name);
    else if (!(await local.exists(name))) report.missing.push(name);
    else {
      const saved = await database.save(fs.createReadStream(path.join(uploadDir, name)), name);
      // A stored name is its own stored name, so it is kept unless an upload took it in the meantime.
      if (saved.name !== name) {
        await database.remove(saved.name);
        throw new Error(`${name} was uploaded into the database meanwhile; run the command again.`);
      }
      report.copied.push(name);
    }
  }
  return report;
}

async function main(argv: string[]): Promise<void> {
  if (argv.length !== 1 || argv[0] !== 'copy-to-database') {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const database = createDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db, database.dialect);
    const { copied, present, missing } = await copyFilesToDatabase(database.db, config.uploadDir);
    console.log(
      `Copied ${copied.length} file(s) from ${config.uploadDir} into the database; ` +
        `${present.length} were there already.`,
    );
    if (missing.length > 0) console.log(`Not found in either place: ${missing.join(', ')}`);
  } finally {
    await database.destroy();
  }
}

runAsCommand(module, main);
