import { parseArgs } from 'node:util';
import { resetLoginFailures } from '../auth/loginThrottle';
import { generatePassword, hashPassword } from '../auth/passwords';
import { loadConfig } from '../config';
import { createDatabase, type Db } from '../db';
import { migrateToLatest } from '../db/migrate';
import { findUserByEmail, insertUser, listUsers, type User } from '../db/repositories/users';
import { PASSWORD_MIN_LENGTH, replacePassword } from '../services/users';
import { runAsCommand } from './command';

const USAGE = `Usage:
  npm run account -- create-superuser --email X [--password Y] [--first-name A --last-name B]
  npm run account -- set-password --email X [--password Y]
  npm run account -- list
A password is generated and printed when --password is omitted.`;

export interface AccountResult {
  user: User;
  /** Set when the password was generated and must be shown to the operator. */
  generatedPassword: string | null;
}

function checkPassword(password: string | undefined): void {
  if (password !== undefined && password.length < PASSWORD_MIN_LENGTH) {
    throw new Error(`The password must have at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
}

export async function createSuperuser(
  db: Db,
  cost: number,
  options: { email: string; password?: string; firstName?: string; lastName?: string },
): Promise<AccountResult> {
  checkPassword(options.password);
  if (await findUserByEmail(db, options.email))
    throw new Error(`A user with the email ${options.email} already exists.`);
  const generatedPassword = options.password === undefined ? generatePassword() : null;
  const user = await insertUser(db, {
    email: options.email.trim(),
    first_name: options.firstName ?? 'Admin',
    last_name: options.lastName ?? 'Admin',
    password_hash: await hashPassword(options.password ?? generatedPassword ?? '', cost),
    is_superuser: true,
  });
  await resetLoginFailures(db, user.email);
  return { user, generatedPassword };
}

/** Also lifts a login lock on that email, so a locked-out administrator can sign in at once, and ends their tokens. */
export async function setPassword(
  db: Db,
  cost: number,
  options: { email: string; password?: string },
): Promise<AccountResult> {
  checkPassword(options.password);
  const user = await findUserByEmail(db, options.email);
  if (!user) throw new Error(`No user has the email ${options.email}.`);
  const generatedPassword = options.password === undefined ? generatePassword() : null;
  await replacePassword(db, cost, user, options.password ?? generatedPassword ?? '');
  const { password_hash: _hidden, token_version: _version, ...publicUser } = user;
  return { user: publicUser, generatedPassword };
}

export function formatUsers(users: User[]): string {
  if (users.length === 0) return 'No users.';
  return users
    .map(
      (u) =>
        `${u.id}\t${u.email}\t${u.first_name} ${u.last_name}\t${u.role}${u.is_superuser ? '\t(superuser)' : ''}`,
    )
    .join('\n');
}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  const command = positionals[0];
  if (!['create-superuser', 'set-password', 'list'].includes(command ?? '')) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  if (command !== 'list' && !values.email) throw new Error(`--email is required.\n${USAGE}`);

  const config = loadConfig();
  const database = createDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db, database.dialect);
    if (command === 'list') {
      console.log(formatUsers(await listUsers(database.db)));
      return;
    }
    const email = values.email ?? '';
    const result =
      command === 'create-superuser'
        ? await createSuperuser(database.db, config.passwordHashCost, {
            email,
            password: values.password,
            firstName: values['first-name'],
            lastName: values['last-name'],
          })
        : await setPassword(database.db, config.passwordHashCost, { email, password: values.password });
    console.log(
      command === 'create-superuser'
        ? `Created superuser ${result.user.email}.`
        : `Password of ${result.user.email} updated.`,
    );
    if (result.generatedPassword) console.log(`Generated password: ${result.generatedPassword}`);
  } finally {
    await database.destroy();
  }
}

runAsCommand(module, main);
