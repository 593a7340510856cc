import type { User } from '../../api/users';

// The fake server's accounts, shared by the auth and users handlers like one database; reset before each test.
export interface Account extends User {
  password: string;
}

export const ADMIN_EMAIL = 'admin@lab.org';
export const ADMIN_PASSWORD = 'admin-password';

const seed: Account[] = [
  {
    id: 1,
    email: ADMIN_EMAIL,
    first_name: 'Ada',
    last_name: 'Admin',
    is_superuser: true,
    password: ADMIN_PASSWORD,
  },
  {
    id: 2,
    email: 'ann@lab.org',
    first_name: 'Ann',
    last_name: 'Lee',
    is_superuser: false,
    password: 'ann-password',
  },
];

export const accounts = {
  rows: [] as Account[],
  nextId: 1,
};

export function resetAccounts() {
  accounts.rows = seed.map((row) => ({ ...row }));
  accounts.nextId = seed.length + 1;
}

/** An account as the API shows it: never with its password (SERVER.md §1.3). */
export function publicUser({ id, email, first_name, last_name, is_superuser }: Account): User {
  return { id, email, first_name, last_name, is_superuser };
}

/** The access token the fake server issues for an account. */
export function accessTokenFor(account: Pick<Account, 'id'>) {
  return `access-token-${account.id}`;
}

export function accountForToken(token: string | null | undefined): Account | undefined {
  return accounts.rows.find((row) => token === accessTokenFor(row));
}
