// Each test file builds an app on a fresh, migrated database (on PostgreSQL a new schema): on a busy 2-core machine
// that set-up alone can take longer than Jest's default 5 s.
jest.setTimeout(30_000);
