import type { Kysely, Transaction } from 'kysely';
import type { Database } from './tables';

/** Repository functions accept the database or a transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
