import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorDetail, ID, IdParams, NoContent, rawId } from '../../http/schemas';
import { resource } from '../../http/resource';
import { ifMatchOf, VersionSchema } from '../../http/versions';
import { LAB_ROLES, USER_ROLES } from '../../db/tables';
import { currentActor, currentUser } from '../../plugins/auth';
import * as users from '../../services/users';
import { choice, email, idRef, text } from '../../validation/fields';

const tags = ['users'];

const userFields = {
  id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  is_superuser: Type.Boolean(),
  role: Type.Enum(USER_ROLES),
};
const labFields = { location: Type.Integer(), role: Type.Enum(LAB_ROLES) };

/** Never has a password field: responses are serialised by this schema. */
const UserSchema = Type.Object({
  ...userFields,
  labs: Type.Array(Type.Object(labFields), {
    description: 'Location id ascending; only lab users have labs.',
  }),
  version: VersionSchema,
});

/** The caller's own account, with what its lab page names of each lab. */
const OwnAccountSchema = Type.Object({
  ...userFields,
  labs: Type.Array(
    Type.Object({
      ...labFields,
      name: Type.String(),
      consumer_type: Type.String(),
    }),
  ),
  version: VersionSchema,
});

const roleFields = {
  role: Type.Optional(
    choice(USER_ROLES, 'What the account may do; a new account without it is a store manager.'),
  ),
  labs: Type.Optional(
    Type.Array(Type.Object({ location: idRef('A location'), role: choice(LAB_ROLES) }), {
      description: "A lab user's labs (at least one), which replace the ones it had; other roles have none.",
    }),
  ),
};

const password = () =>
  text({ trim: false, minLength: users.PASSWORD_MIN_LENGTH, maxLength: users.PASSWORD_MAX_LENGTH });
const name = () => text({ maxLength: 150 });

const CreateUserBody = Type.Object({
  email: email(),
  first_name: name(),
  last_name: name(),
  password: password(),
  confirm_password: password(),
  ...roleFields,
});

const UpdateUserBody = Type.Object({
  email: Type.Optional(email()),
  first_name: Type.Optional(name()),
  last_name: Type.Optional(name()),
  ...roleFields,
});

const PasswordBody = Type.Object({ password: password(), confirm_password: password() });

/** §3: user accounts; every route is signed-in. */
export default async function userRoutes(app: FastifyInstance) {
  const context = (): users.UsersContext => ({
    db: app.db,
    dialect: app.dialect,
    config: app.config,
    now: app.now,
  });
  const targetIsChangeable = async (request: FastifyRequest) => {
    await users.changeableUser(app.db, rawId(request));
  };

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

  const update = {
    access: 'storeWrite' as const,
    preValidation: targetIsChangeable,
    versioned: UserSchema,
    schema: {
      tags,
      summary: 'Change a user (email, first_name, last_name, role, labs)',
      params: IdParams,
      body: UpdateUserBody,
      response: { 200: UserSchema, 403: ErrorDetail },
    },
  };

  resource(app, `/api/account/users/:id${ID}/`, (routes) =>
    routes
      .get(
        {
          access: 'storeRead',
          versioned: UserSchema,
          schema: { tags, summary: 'One user', params: IdParams, response: { 200: UserSchema } },
        },
        async (request) => users.getUser(context(), request.params.id),
      )
      .patch(update, async (request) =>
        users.updateUser(
          context(),
          currentActor(request),
          request.params.id,
          request.body,
          ifMatchOf(request),
        ),
      )
      .put(update, async (request) =>
        users.updateUser(
          context(),
          currentActor(request),
          request.params.id,
          request.body,
          ifMatchOf(request),
        ),
      )
      .delete(
        {
          access: 'storeWrite',
          preValidation: targetIsChangeable,
          versioned: UserSchema,
          schema: {
            tags,
            summary: 'Delete a user with their staging and cart lines',
            params: IdParams,
            response: { 204: NoContent, 403: ErrorDetail },
          },
        },
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
