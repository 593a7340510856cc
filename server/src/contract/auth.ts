import { Type, type Static } from '@fastify/type-provider-typebox';
import { email, text } from '../validation/fields';

// SERVER.md §2: the token endpoints' bodies and answers, and through Static the types of the service and the SPA.

const TokenField = text({ blankIsMissing: true });

export const CredentialsBody = Type.Object({
  email: text({ maxLength: 254 }),
  password: text({ trim: false }),
});
export type Credentials = Static<typeof CredentialsBody>;

/** A sign-in's answer: the token pair, and who signed in. */
export const TokenPairSchema = Type.Object({
  refresh: Type.String(),
  access: Type.String(),
  id: Type.Integer(),
  email: email(),
});
export type TokenPair = Static<typeof TokenPairSchema>;

export const RefreshBody = Type.Object({ refresh: TokenField });
export const AccessTokenSchema = Type.Object({ access: Type.String() });
export type AccessToken = Static<typeof AccessTokenSchema>;

export const VerifyBody = Type.Object({ token: TokenField });
/** A valid token's answer: an empty object (SPEC §9: only its 200 counts). */
export const TokenValidSchema = Type.Object({});
