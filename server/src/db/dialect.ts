/** The database engine behind Kysely: where SQL differs (locking, upserts, text search), repositories ask it. */
export type Dialect = 'sqlite' | 'postgres';
