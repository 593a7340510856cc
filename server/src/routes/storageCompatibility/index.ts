import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { STORAGE_RULES } from '../../domain/chemistry/storageCompatibility';
import { ID } from '../../http/schemas';
import { resource } from '../../http/resource';
import { storageConflicts } from '../../services/storageCompatibility';
import { text } from '../../validation/fields';
import { messages, ValidationError } from '../../validation/errors';

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
  ),
});

const Query = Type.Object({
  chemicals: Type.Optional(
    text({
      allowBlank: true,
      description: 'Chemical stock-record ids, comma-separated (the cart’s chemicals)',
    }),
  ),
});

/** `7,8` → [7, 8]; anything but positive integers → 400 keyed `chemicals`. */
function chemicalIds(list: string | undefined): number[] {
  const items = (list ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const wrong = items.filter((item) => !/^[1-9][0-9]{0,15}$/.test(item));
  if (wrong.length > 0) throw new ValidationError({ chemicals: [messages.pkType(wrong[0])] });
  return items.map(Number);
}

/** Storage compatibility of chemicals about to be issued to a location (docs/api.md, 'Hazard data'). */
export default async function storageCompatibilityRoutes(app: FastifyInstance) {
  resource(app, `/api/management/store-consumers/:id${ID}/storage-conflicts/`, (routes) =>
    routes.get(
      {
        access: 'user',
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
