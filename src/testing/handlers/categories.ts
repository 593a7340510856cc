import { http, HttpResponse, type PathParams } from 'msw';
import type { Category } from '../../api/categories';
import { authenticate } from './auth';

// The fake server's categories (SERVER.md §13), shared with the files fake like one database; reset before
// each test. Ids are never reused, so files simply stop showing a deleted category.

export const categories = {
  rows: [] as Category[],
  nextId: 1,
};

const seed = ['MSDS', 'Protocols', 'Safety'];

/** Seeds MSDS (1), Protocols (2) and Safety (3). */
export function resetCategories() {
  categories.rows = seed.map((name, index) => ({ id: index + 1, name }));
  categories.nextId = seed.length + 1;
}

const notFound = () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 });

function nameErrors(name: unknown, selfId?: number): string[] | null {
  if (name === undefined) return ['This field is required.'];
  if (name === null) return ['This field may not be null.'];
  if (typeof name !== 'string') return ['Not a valid string.'];
  const trimmed = name.trim();
  if (!trimmed) return ['This field may not be blank.'];
  if (trimmed.length > 50) return ['Ensure this field has no more than 50 characters.'];
  const taken = categories.rows.some(
    (row) => row.id !== selfId && row.name.toLowerCase() === trimmed.toLowerCase(),
  );
  return taken ? ['category with this name already exists.'] : null;
}

function withCategory(handle: (category: Category, request: Request) => Promise<Response> | Response) {
  return ({ request, params }: { request: Request; params: PathParams }) => {
    const caller = authenticate(request);
    if (caller instanceof Response) return caller;
    const category = categories.rows.find((row) => row.id === Number(params.id));
    return category ? handle(category, request) : notFound();
  };
}

const rename = withCategory(async (category, request) => {
  const { name } = (await request.json()) as { name?: unknown };
  const errors = nameErrors(name, category.id);
  if (errors) return HttpResponse.json({ name: errors }, { status: 400 });
  category.name = (name as string).trim();
  return HttpResponse.json(category);
});

const list = '*/api/filemanager/categories/';
const one = `${list}:id/`;

export const categoriesHandlers = [
  http.get(list, () => HttpResponse.json(categories.rows)),
  http.get(one, ({ params }) => {
    const category = categories.rows.find((row) => row.id === Number(params.id));
    return category ? HttpResponse.json(category) : notFound();
  }),
  http.post(list, async ({ request }) => {
    const caller = authenticate(request);
    if (caller instanceof Response) return caller;
    const { name } = (await request.json()) as { name?: unknown };
    const errors = nameErrors(name);
    if (errors) return HttpResponse.json({ name: errors }, { status: 400 });
    const category = { id: categories.nextId++, name: (name as string).trim() };
    categories.rows.push(category);
    return HttpResponse.json(category, { status: 201 });
  }),
  http.patch(one, rename),
  http.put(one, rename),
  http.delete(
    one,
    withCategory((category) => {
      categories.rows = categories.rows.filter((row) => row.id !== category.id);
      return new HttpResponse(null, { status: 204 });
    }),
  ),
];
