import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { STORAGE_RULES } from '../../domain/chemistry/storageCompatibility';
import { ID } from '../../http/schemas';
import { resource } from '../../http/resource';
import { MAX_CONFLICTS_LISTED, storageConflicts } from '../../services/storageCompatibility';
import { idList, text } from '../../validation/fields';
import { messages, ValidationError } from '../../validation/errors';
import {
  commaSeparatedItems,
  MAX_LIST_ITEMS,
  validateObject,
  type RequestSchema,
} from '../../validation/validate';

const tags = ['locations'];

const Chemical = {
  id: Type.Integer({ description: 'The chemical stock-record id' }),
  name: Type.String(),
  purity: Type.Number(),
};

const ConflictsSchema = Type.Object({
  location: Type.Integer(),
  conflicts: Type.Array(
    Type.Object({
      rule: Type.Enum(STORAGE_RULES.map((rule) => rule.id)),
      reason: Type.String({ description: 'Why the two must be stored apart' }),
      chemical: Type.Object(Chemical, { description: 'One of the chemicals asked about' }),
      conflicts_with: Type.Object(
        {
          ...Chemical,
          already_issued: Type.Boolean({
            description: 'true: already at the location; false: another of the chemicals asked about',
          }),
        },
        { description: 'What it must be kept apart from' },
      ),
    }),
    { description: `The first ${MAX_CONFLICTS_LISTED} conflicts` },
  ),
  more_conflicts: Type.Integer({ description: 'How many conflicts there are beyond those listed' }),
});

const Query = Type.Object({
  chemicals: Type.Optional(
    text({
      allowBlank: true,
      description: `Chemical stock-record ids, comma-separated (the cart’s chemicals), at most ${MAX_LIST_ITEMS}`,
    }),
  ),
});

const ChemicalIds = Type.Object({ chemicals: idList() }) as unknown as RequestSchema;

/** `7,8` → [7, 8], each once, read as any list of ids is (its cap, its messages), 400 keyed `chemicals`. */
function chemicalIds(list: string | undefined): number[] {
  const items = commaSeparatedItems([list ?? '']);
  if (items === undefined) throw ValidationError.field('chemicals', messages.maxItems(MAX_LIST_ITEMS));
  return validateObject(ChemicalIds, { chemicals: items }).value.chemicals as number[];
}

/** Storage compatibility of chemicals about to be issued to a location (docs/api.md, 'Hazard data'). */
export default async function storageCompatibilityRoutes(app: FastifyInstance) {
  resource(app, `/api/management/store-consumers/:id${ID}/storage-conflicts/`, (routes) =>
    routes.get(
      {
        access: 'storeRead',
        schema: {
          tags,
          summary:
            'Storage conflicts of chemicals with those already issued to a location, and with each other',
          description:
            'Rules: oxidisers with flammables, acids with bases, water-reactives with aqueous solutions. ' +
            'A warning for the person issuing; the issue itself never checks it.',
          params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
          querystring: Query,
          response: { 200: ConflictsSchema },
        },
      },
      async (request) =>
        storageConflicts({ db: app.db }, request.params.id, chemicalIds(request.query.chemicals)),
    ),
  );
}
