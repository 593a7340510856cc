import { http, HttpResponse, type PathParams } from 'msw';
import type { NewUser } from '../../api/users';
import { accounts, publicUser, type Account } from './accounts';
import { authenticate } from './auth';

type Errors = Record<string, string[]>;

const notFound = () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 });

/** SERVER.md §3's field rules for whichever fields are present (all are required on create). */
function validate(
  body: Partial<NewUser>,
  { partial, selfId }: { partial: boolean; selfId?: number },
): Errors {
  const errors: Errors = {};
  const check = (field: keyof NewUser, rule: (value: string) => string | null) => {
    const value = body[field];
    if (value === undefined) {
      if (!partial) errors[field] = ['This field is required.'];
      return;
    }
    const message = value.trim() === '' ? 'This field may not be blank.' : rule(value);
    if (message) errors[field] = [message];
  };
  check('email', (email) => {
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return 'Enter a valid email address.';
    const taken = accounts.rows.some(
      (row) => row.id !== selfId && row.email.toLowerCase() === email.toLowerCase(),
    );
    return taken ? 'user with this email already exists.' : null;
  });
  check('first_name', () => null);
  check('last_name', () => null);
  if (!partial) {
    check('password', (password) =>
      password.length < 8 ? 'Ensure this field has at least 8 characters.' : null,
    );
    check('confirm_password', (confirm) => (confirm !== body.password ? 'Passwords do not match.' : null));
  }
  return errors;
}

/** Runs the SERVER.md §3 checks on an {id} route in order: 401, 404, 403; then hands over the account. */
function withChangeableAccount(handle: (account: Account, request: Request) => Promise<Response> | Response) {
  return ({ request, params }: { request: Request; params: PathParams }) => {
    const caller = authenticate(request);
    if (caller instanceof Response) return caller;
    const account = accounts.rows.find((row) => row.id === Number(params.id));
    if (!account) return notFound();
    if (account.is_superuser) {
      return HttpResponse.json({ detail: 'Superuser accounts cannot be changed.' }, { status: 403 });
    }
    return handle(account, request);
  };
}

export const usersHandlers = [
  http.get('*/api/account/users/', ({ request }) => {
    const caller = authenticate(request);
    if (caller instanceof Response) return caller;
    return HttpResponse.json(accounts.rows.map(publicUser));
  }),
  http.post('*/api/account/users/', async ({ request }) => {
    const caller = authenticate(request);
    if (caller instanceof Response) return caller;
    const body = (await request.json()) as NewUser;
    const errors = validate(body, { partial: false });
    if (Object.keys(errors).length > 0) return HttpResponse.json(errors, { status: 400 });
    const account: Account = {
      id: accounts.nextId++,
      email: body.email.trim(),
      first_name: body.first_name.trim(),
      last_name: body.last_name.trim(),
      is_superuser: false,
      password: body.password,
    };
    accounts.rows.push(account);
    return HttpResponse.json(publicUser(account), { status: 201 });
  }),
  http.patch(
    '*/api/account/users/:id/',
    withChangeableAccount(async (account, request) => {
      const body = (await request.json()) as Partial<NewUser>;
      const { email, first_name, last_name } = body;
      const errors = validate({ email, first_name, last_name }, { partial: true, selfId: account.id });
      if (Object.keys(errors).length > 0) return HttpResponse.json(errors, { status: 400 });
      if (email !== undefined) account.email = email.trim();
      if (first_name !== undefined) account.first_name = first_name.trim();
      if (last_name !== undefined) account.last_name = last_name.trim();
      return HttpResponse.json(publicUser(account));
    }),
  ),
  http.delete(
    '*/api/account/users/:id/',
    withChangeableAccount((account) => {
      accounts.rows = accounts.rows.filter((row) => row.id !== account.id);
      return new HttpResponse(null, { status: 204 });
    }),
  ),
  http.post(
    '*/api/account/users/:id/set_password/',
    withChangeableAccount(async (account, request) => {
      const body = (await request.json()) as Partial<NewUser>;
      const errors: Errors = {};
      if ((body.password ?? '').length < 8)
        errors.password = ['Ensure this field has at least 8 characters.'];
      if (body.confirm_password !== body.password) errors.confirm_password = ['Passwords do not match.'];
      if (Object.keys(errors).length > 0) return HttpResponse.json(errors, { status: 400 });
      account.password = body.password ?? '';
      return HttpResponse.json({ detail: 'Password updated.' });
    }),
  ),
];
