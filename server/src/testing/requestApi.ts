import type { LightMyRequestResponse } from 'fastify';
import { createLocation } from './stockApi';
import type { HttpMethod, TestApp } from './testApp';
import { authHeader, buildTestApp } from './testApp';

// Requests from the labs through the API (docs/api.md §25–§26): the accounts, funds and requests their tests need.

/** A signed-in lab user. */
export interface LabUser {
  id: number;
  email: string;
  token: string;
}

/** A lab user with these labs (`{location, role}`), signed in; made by the store manager `storeToken`. */
export async function labUser(
  t: TestApp,
  storeToken: string,
  labs: { location: number; role: 'manager' | 'member' }[],
): Promise<LabUser> {
  const { user, token } = await t.signedInUser();
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/account/users/${user.id}/`,
    payload: { role: 'lab_user', labs },
    headers: authHeader(storeToken),
  });
  if (response.statusCode !== 200) throw new Error(`lab user: ${response.statusCode} ${response.body}`);
  return { id: user.id, email: user.email, token };
}

/**
 * The set-up of a request test: an app charging in EUR, its store manager (`store`, a token), one lab with an active
 * fund coded `fundCode`, a member of the lab and its manager.
 */
export async function labWithPeople(fundCode: string): Promise<{
  t: TestApp;
  store: string;
  lab: number;
  fund: number;
  member: LabUser;
  manager: LabUser;
}> {
  const t = await buildTestApp({ currency: 'EUR' });
  const { token: store } = await t.signedInUser();
  const lab = await createLocation(t, store);
  const fund = await createFund(t, store, lab, fundCode);
  const member = await labUser(t, store, [{ location: lab, role: 'member' }]);
  const manager = await labUser(t, store, [{ location: lab, role: 'manager' }]);
  return { t, store, lab, fund, member, manager };
}

/** A call as `token`, with a JSON body. */
export function callAs(
  t: TestApp,
  token: string,
  method: HttpMethod,
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, payload, headers: authHeader(token) });
}

/** A new active fund of the lab; returns its id. */
export async function createFund(t: TestApp, token: string, lab: number, code: string): Promise<number> {
  const response = await callAs(t, token, 'POST', `/api/labs/${lab}/funds/`, { code, name: `Fund ${code}` });
  if (response.statusCode !== 201) throw new Error(`fund: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: number }).id;
}

export interface RequestLineAnswer {
  id: number;
  object_type: string;
  object_id: number;
  quantity: number;
  approved_quantity: number | null;
  issued_quantity: number;
  estimated_cost: number | null;
  needs_store_approval: boolean;
}

export interface RequestAnswer {
  id: number;
  status: string;
  reason: string | null;
  lines: RequestLineAnswer[];
  estimated_total: number | null;
}

/** Submits a request of the lab as `token` (a member or manager); returns it. */
export async function submitRequest(
  t: TestApp,
  token: string,
  lab: number,
  body: {
    fund: number;
    needed_by?: string | null;
    note?: string;
    lines: { object_type: string; object_id: number; quantity: number }[];
  },
): Promise<RequestAnswer> {
  const response = await callAs(t, token, 'POST', `/api/labs/${lab}/requests/`, body);
  if (response.statusCode !== 201) throw new Error(`request: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** POSTs an action of the request (`approve`, `cancel`, …) as `token`. */
export const requestAction = (t: TestApp, token: string, id: number, action: string, payload: object = {}) =>
  callAs(t, token, 'POST', `/api/requests/${id}/${action}/`, payload);
