import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorDetail, ID, IdParams } from '../../http/schemas';
import { resource, targetLookup, type Handler } from '../../http/resource';
import { changeRow, deleteRow, readRow } from '../../http/rowRoutes';
import { serviceContext } from '../../http/serviceContext';
import { ifMatchOf } from '../../http/versions';
import {
  CreateUserBody,
  OwnAccountSchema,
  PasswordBody,
  UpdateUserBody,
  UserSchema,
} from '../../contract/users';
import { currentActor, currentUser } from '../../plugins/auth';
import * as users from '../../services/users';

const tags = ['users'];

/** §3: user accounts; every route is signed-in. */
export default async function userRoutes(app: FastifyInstance) {
  const context = (): users.UsersContext => ({ ...serviceContext(app), config: app.config });
  const targetIsChangeable = targetLookup((id) => users.changeableUser(app.db, id));

  resource(app, '/api/account/me/', (routes) =>
    routes.get(
      {
        access: 'signedIn',
        schema: {
          tags,
          summary: "The caller's own account: role and labs",
          response: { 200: OwnAccountSchema },
        },
      },
      async (request) => users.ownAccount(context(), currentUser(request)),
    ),
  );

  resource(app, '/api/account/users/', (routes) =>
    routes
      .get(
        {
          access: 'storeRead',
          schema: { tags, summary: 'All users, id ascending', response: { 200: Type.Array(UserSchema) } },
        },
        async () => users.listUsers(context()),
      )
      .post(
        {
          access: 'storeWrite',
          schema: { tags, summary: 'Create a user', body: CreateUserBody, response: { 201: UserSchema } },
        },
        async (request, reply) =>
          reply.code(201).send(await users.createUser(context(), currentActor(request), request.body)),
      ),
  );

  const update = changeRow({
    access: 'storeWrite',
    tags,
    summary: 'Change a user (email, first_name, last_name, role, labs)',
    row: UserSchema,
    body: UpdateUserBody,
    lookup: targetIsChangeable,
    refusals: { 403: ErrorDetail },
  });

  // PATCH and PUT take the same fields, all optional (SERVER.md §3).
  const updateUser: Handler<typeof update.schema> = async (request) =>
    users.updateUser(context(), currentActor(request), request.params.id, request.body, ifMatchOf(request));

  resource(app, `/api/account/users/:id${ID}/`, (routes) =>
    routes
      .get(readRow({ access: 'storeRead', tags, summary: 'One user', row: UserSchema }), async (request) =>
        users.getUser(context(), request.params.id),
      )
      .patch(update, updateUser)
      .put(update, updateUser)
      .delete(
        deleteRow({
          access: 'storeWrite',
          tags,
          summary: 'Delete a user with their staging and cart lines',
          row: UserSchema,
          lookup: targetIsChangeable,
          refusals: { 403: ErrorDetail },
        }),
        async (request, reply) => {
          await users.deleteUser(context(), currentActor(request), request.params.id, ifMatchOf(request));
          return reply.code(204).send(null);
        },
      ),
  );

  resource(app, `/api/account/users/:id${ID}/set_password/`, (routes) =>
    routes.post(
      {
        access: 'storeWrite',
        preValidation: targetIsChangeable,
        schema: {
          tags,
          summary: "Set a user's password",
          params: IdParams,
          body: PasswordBody,
          response: { 200: Type.Object({ detail: Type.String() }), 403: ErrorDetail },
        },
      },
      async (request) => {
        await users.setPassword(context(), currentActor(request), request.params.id, request.body);
        return { detail: 'Password updated.' };
      },
    ),
  );
}
