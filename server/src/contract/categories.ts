import { Type, type Static } from '@fastify/type-provider-typebox';
import { VersionSchema } from '../http/versions';
import { text } from '../validation/fields';

// SERVER.md §13: the categories files are filed under, as the routes answer and accept them, and through Static the
// types of the service and the SPA.

export const CATEGORY_NAME_MAX_LENGTH = 50;

/** A category as a file lists it. */
export const CategoryRefSchema = Type.Object({ id: Type.Integer(), name: Type.String() });
export type CategoryRef = Static<typeof CategoryRefSchema>;

export const CategorySchema = Type.Object({
  ...CategoryRefSchema.properties,
  version: VersionSchema,
});
export type Category = Static<typeof CategorySchema>;

const name = () => text({ maxLength: CATEGORY_NAME_MAX_LENGTH, description: 'Unique regardless of case' });

export const CategoryBody = Type.Object({ name: name() });
export const CategoryChanges = Type.Object({ name: Type.Optional(name()) });
