import { Type, type Static } from '@fastify/type-provider-typebox';
import { text } from '../validation/fields';

// A lab's funds (docs/api.md §25): what its requests are paid from and its statements are grouped by.

export const FundSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  active: Type.Boolean({ description: 'false: kept for the charges made to it, offered to no new request' }),
  created_at: Type.String(),
});
export type Fund = Static<typeof FundSchema>;

/** How a request or a statement names its fund. */
export const FundRefSchema = Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() });
export type FundRef = Static<typeof FundRefSchema>;

export const FundParams = Type.Object({
  locationId: Type.Integer({ minimum: 1 }),
  id: Type.Integer({ minimum: 1 }),
});

export const FundBody = Type.Object({
  code: text({ maxLength: 30, description: 'Unique in the lab, compared without case' }),
  name: text({ maxLength: 100 }),
  active: Type.Optional(Type.Boolean({ description: 'Default true' })),
});
export type NewFund = Static<typeof FundBody>;

export const FundPatchBody = Type.Partial(FundBody);
export type FundChanges = Static<typeof FundPatchBody>;
