import { Type, type Static } from '@fastify/type-provider-typebox';
import { PreconditionFailedSchema } from '../http/versions';

// docs/api.md §28: the 412 of a versioned write, whose `current` is the row as its GET answers it.

/** The 412 with its `current` left open: each versioned route declares its own (resource.ts). */
export const EditConflictSchema = PreconditionFailedSchema(Type.Unknown());

/** A refused edit: who made the newest change and when (null when the server cannot tell), and the row now. */
export type EditConflict<T> = Omit<Static<typeof EditConflictSchema>, 'current'> & { current: T };
