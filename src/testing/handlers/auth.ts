import { http, HttpResponse } from 'msw';
import { accessTokenFor, accountForToken, accounts, type Account } from './accounts';

const notValid = { detail: 'Token is invalid or expired', code: 'token_not_valid' };

/** SERVER.md §1.5: the signed-in account behind a request, or the 401 response to send instead. */
export function authenticate(request: Request): Account | Response {
  const header = request.headers.get('Authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  if (!token)
    return HttpResponse.json({ detail: 'Authentication credentials were not provided.' }, { status: 401 });
  return (
    accountForToken(token) ??
    HttpResponse.json(
      { detail: 'Given token not valid for any token type', code: 'token_not_valid' },
      { status: 401 },
    )
  );
}

export const authHandlers = [
  http.post('*/api/token/', async ({ request }) => {
    const { email, password } = (await request.json()) as { email?: string; password?: string };
    const account = accounts.rows.find((row) => row.email.toLowerCase() === email?.toLowerCase());
    if (!account || account.password !== password) {
      return HttpResponse.json(
        { detail: 'No active account found with the given credentials' },
        { status: 401 },
      );
    }
    return HttpResponse.json({
      refresh: `refresh-token-${account.id}`,
      access: accessTokenFor(account),
      id: account.id,
      email: account.email,
    });
  }),
  http.post('*/api/token/varify/', async ({ request }) => {
    const { token } = (await request.json()) as { token?: string };
    return accountForToken(token) ? HttpResponse.json({}) : HttpResponse.json(notValid, { status: 401 });
  }),
];
