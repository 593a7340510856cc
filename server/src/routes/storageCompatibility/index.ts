import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { StorageConflictsQuery, StorageConflictsSchema } from '../../contract/storageCompatibility';
import { ID, IdParams } from '../../http/schemas';
import { resource } from '../../http/resource';
import { storageConflicts } from '../../services/storageCompatibility';
import { idList } from '../../validation/fields';
import { messages, ValidationError } from '../../validation/errors';
import {
  commaSeparatedItems,
  MAX_LIST_ITEMS,
  validateObject,
  type RequestSchema,
} from '../../validation/validate';

const tags = ['locations'];

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
          params: IdParams,
          querystring: StorageConflictsQuery,
          response: { 200: StorageConflictsSchema },
        },
      },
      async (request) =>
        storageConflicts({ db: app.db }, request.params.id, chemicalIds(request.query.chemicals)),
    ),
  );
}
