import { Type, type Static } from '@fastify/type-provider-typebox';
import { STORAGE_RULES, type StorageRule } from '../domain/chemistry/storageCompatibility';
import { text } from '../validation/fields';
import { MAX_LIST_ITEMS } from '../validation/validate';

// docs/api.md, 'Hazard data': chemicals on their way to a location that must be stored apart from what is there,
// as the route answers them, and through Static the types of the service and the SPA.

/** Conflicts listed in one answer; `more_conflicts` counts the rest (a cart of oxidisers for a lab of solvents). */
export const MAX_CONFLICTS_LISTED = 100;

const chemicalFields = {
  id: Type.Integer({ description: 'The chemical stock-record id' }),
  name: Type.String(),
  purity: Type.Number(),
};

/** A chemical as a conflict names it. */
const ConflictingChemicalSchema = Type.Object(chemicalFields, {
  description: 'One of the chemicals asked about',
});
export type ConflictingChemical = Static<typeof ConflictingChemicalSchema>;

export const StorageConflictSchema = Type.Object({
  rule: Type.Enum(STORAGE_RULES.map((rule) => rule.id) as StorageRule['id'][]),
  reason: Type.String({ description: 'Why the two must be stored apart' }),
  chemical: ConflictingChemicalSchema,
  conflicts_with: Type.Object(
    {
      ...chemicalFields,
      already_issued: Type.Boolean({
        description: 'true: already at the location; false: another of the chemicals asked about',
      }),
    },
    { description: 'What it must be kept apart from' },
  ),
});
export type StorageConflict = Static<typeof StorageConflictSchema>;

export const StorageConflictsSchema = Type.Object({
  location: Type.Integer(),
  conflicts: Type.Array(StorageConflictSchema, {
    description: `The first ${MAX_CONFLICTS_LISTED} conflicts`,
  }),
  more_conflicts: Type.Integer({ description: 'How many conflicts there are beyond those listed' }),
});
export type StorageConflicts = Static<typeof StorageConflictsSchema>;

export const StorageConflictsQuery = Type.Object({
  chemicals: Type.Optional(
    text({
      allowBlank: true,
      description: `Chemical stock-record ids, comma-separated (the cart’s chemicals), at most ${MAX_LIST_ITEMS}`,
    }),
  ),
});
