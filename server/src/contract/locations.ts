import { Type, type Static } from '@fastify/type-provider-typebox';
import { CONSUMER_TYPES } from '../db/tables';
import { VersionSchema } from '../http/versions';
import { choice, text } from '../validation/fields';

export type { ConsumerType } from '../db/tables';

// §8's locations (store consumers, SERVER.md) and the consumers tree: what the location routes answer and accept.

export const LocationSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  consumer_type: Type.Enum(CONSUMER_TYPES),
  room_number: Type.String(),
  building_name: Type.String(),
  created_at: Type.String(),
  version: VersionSchema,
});
export type Location = Static<typeof LocationSchema>;

export const LocationBody = Type.Object({
  name: text({ maxLength: 100 }),
  consumer_type: choice(CONSUMER_TYPES),
  room_number: text({ maxLength: 20, description: 'A number is accepted and stored as text' }),
  building_name: text({ maxLength: 200 }),
});
export type LocationFields = Static<typeof LocationBody>;

export const LocationPatchBody = Type.Partial(LocationBody);

/** A location as the consumers tree names it. */
export const LocationEntrySchema = Type.Object({ id: Type.Integer(), name: Type.String() });
export type LocationEntry = Static<typeof LocationEntrySchema>;

const treeEntries = () => Type.Array(LocationEntrySchema);

/** §8.2: the locations grouped by type, each group id ascending; all four groups always there. */
export const ConsumersTreeSchema = Type.Object({
  PhysicalLab: treeEntries(),
  OrganicLab: treeEntries(),
  InorganicLab: treeEntries(),
  Personal: treeEntries(),
});
export type ConsumersTree = Static<typeof ConsumersTreeSchema>;
