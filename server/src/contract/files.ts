import { Type, type Static } from '@fastify/type-provider-typebox';
import { CHEMICAL_STATES } from '../domain/stockKinds';
import { VersionSchema } from '../http/versions';
import { idList } from '../validation/fields';
import { CategoryRefSchema } from './categories';

// SERVER.md §12: the file library, as the routes answer and accept it, and through Static the types of the service
// and the SPA.

/** A linked chemical stock record, flattened (SERVER.md §12.1): manufacturer and supplier as plain names. */
export const FileChemicalSchema = Type.Object({
  id: Type.Integer({ description: 'The chemical stock record' }),
  CAS_RN: Type.String(),
  name: Type.String(),
  molecular_formula: Type.String(),
  molecular_weight: Type.Number(),
  purity: Type.Number(),
  quantity: Type.Number({ description: 'ml' }),
  state: Type.Enum(CHEMICAL_STATES),
  manufacturer: Type.String(),
  supplier: Type.String(),
});
export type FileChemical = Static<typeof FileChemicalSchema>;

/** The §12.1 file shape. */
export const FileSchema = Type.Object({
  id: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  file: Type.Object({
    path: Type.String({ description: '/media/files/<stored name>' }),
    size: Type.Number({ description: 'KB, unrounded (bytes / 1024)' }),
  }),
  categories: Type.Array(CategoryRefSchema, { description: 'id ascending' }),
  chemicals: Type.Array(FileChemicalSchema, { description: 'linked chemical stock records, id ascending' }),
  version: VersionSchema,
});
export type LibraryFile = Static<typeof FileSchema>;

/** A file of a chemical's page: the §12.1 shape, and whether it is a safety data sheet. */
export const ChemicalFileSchema = Type.Object({
  ...FileSchema.properties,
  safety_data_sheet: Type.Boolean({
    description: "Filed under a category named 'SDS', 'MSDS' or 'Safety Data Sheet' (any case)",
  }),
});
export type ChemicalFile = Static<typeof ChemicalFileSchema>;

export const LinksBody = Type.Object({
  categories: Type.Optional(idList({ description: 'Category ids; replaces the set' })),
  chemicals: Type.Optional(idList({ description: 'Chemical stock record ids; replaces the set' })),
});
/** The link lists of a file; a given list replaces the current set. */
export type Links = Static<typeof LinksBody>;
