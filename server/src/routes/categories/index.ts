import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { resource, targetLookup, type Handler } from '../../http/resource';
import { changeRow, deleteRow, readRow } from '../../http/rowRoutes';
import { serviceContext } from '../../http/serviceContext';
import { ID } from '../../http/schemas';
import { ifMatchOf } from '../../http/versions';
import { CategoryBody, CategoryChanges, CategorySchema } from '../../contract/categories';
import { currentActor } from '../../plugins/auth';
import * as categories from '../../services/categories';

const tags = ['categories'];

/** §13: file categories. Reads are public; changes are signed-in. */
export default async function categoryRoutes(app: FastifyInstance) {
  const context = (): categories.CategoriesContext => serviceContext(app);
  const categoryExists = targetLookup((id) => categories.getCategory(app.db, id));

  resource(app, '/api/filemanager/categories/', (routes) =>
    routes
      .get(
        {
          access: 'public',
          schema: {
            tags,
            summary: 'All categories, id ascending',
            response: { 200: Type.Array(CategorySchema) },
          },
        },
        async () => categories.listCategories(app.db),
      )
      .post(
        {
          access: 'storeWrite',
          schema: {
            tags,
            summary: 'Create a category',
            body: CategoryBody,
            response: { 201: CategorySchema },
          },
        },
        async (request, reply) =>
          reply
            .code(201)
            .send(await categories.createCategory(context(), currentActor(request), request.body.name)),
      ),
  );

  const rename = (body: typeof CategoryBody | typeof CategoryChanges, summary: string) =>
    changeRow({ access: 'storeWrite', tags, summary, row: CategorySchema, body, lookup: categoryExists });

  // PUT requires the name, PATCH may leave it out: one handler renames for either.
  const renameCategory: Handler<ReturnType<typeof rename>['schema']> = async (request) =>
    categories.renameCategory(
      context(),
      currentActor(request),
      request.params.id,
      request.body.name,
      ifMatchOf(request),
    );

  resource(app, `/api/filemanager/categories/:id${ID}/`, (routes) =>
    routes
      .get(
        readRow({ access: 'public', tags, summary: 'One category', row: CategorySchema }),
        async (request) => categories.getCategory(app.db, request.params.id),
      )
      .patch(rename(CategoryChanges, 'Rename a category'), renameCategory)
      .put(rename(CategoryBody, 'Rename a category (name required)'), renameCategory)
      .delete(
        deleteRow({
          access: 'storeWrite',
          tags,
          summary: 'Delete a category; its file links go, the files stay',
          row: CategorySchema,
          lookup: categoryExists,
        }),
        async (request, reply) => {
          await categories.deleteCategory(
            context(),
            currentActor(request),
            request.params.id,
            ifMatchOf(request),
          );
          return reply.code(204).send(null);
        },
      ),
  );
}
