import { http, HttpResponse, type PathParams } from 'msw';
import type { CartLine } from '../../api/issueCart';
import { objectTypes, stockKindOf, type ObjectType, type StockKind, type StockRecord } from '../../api/stock';
import { stockName } from '../../components/stockColumns';
import { authenticate } from './auth';
import { addIssue, findLocation } from './locations';
import { stock } from './stock';

// The fake server's issue carts (SERVER.md §9), one per account, over the shared stock records; reset before
// each test. Merging writes the issue to the fake locations and lowers the fake stock.

type StoredLine = Omit<CartLine, 'object'> & { owner: number };
type Body = Record<string, unknown>;
type Errors = Record<string, string[]>;

export const issueCart = { lines: [] as StoredLine[], nextId: 1 };

export function resetIssueCart() {
  issueCart.lines = [];
  issueCart.nextId = 1;
}

const notFound = () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 });

function recordOf(kind: StockKind, id: number): StockRecord | undefined {
  return (stock[kind] as StockRecord[]).find((record) => record.id === id);
}

function showLine({ owner: _owner, ...line }: StoredLine): CartLine {
  return { ...line, object: recordOf(stockKindOf(line.object_type), line.object_id)! };
}

/** "N ml" or "N pieces", N written like a JSON number (SERVER.md §9). */
function inStock(kind: StockKind, quantity: number): string {
  return `${quantity} ${kind === 'chemical' ? 'ml' : 'pieces'}`;
}

const thousandths = (quantity: number) => Math.round(quantity * 1000) / 1000;

/** SERVER.md §9's rules for a new or replaced line of the caller's cart; the line itself on success. */
function validLine(body: Body, owner: number, replacing?: StoredLine): StoredLine | Errors {
  const errors: Errors = {};
  const type = body.object_type;
  const validType = Object.values(objectTypes).includes(type as ObjectType);
  if (type === undefined) errors.object_type = ['This field is required.'];
  else if (!validType) errors.object_type = [`"${String(type)}" is not a valid choice.`];
  const kind = validType ? stockKindOf(type as string) : undefined;

  const objectId = Number(body.object_id);
  let record: StockRecord | undefined;
  if (body.object_id === undefined) errors.object_id = ['This field is required.'];
  else if (!Number.isInteger(objectId))
    errors.object_id = [`Incorrect type. Expected pk value, received ${typeof body.object_id}.`];
  else if (kind) {
    record = recordOf(kind, objectId);
    if (!record) errors.object_id = [`Invalid pk "${objectId}" - object does not exist.`];
  }

  const quantity = body.quantity === null || body.quantity === '' ? NaN : Number(body.quantity);
  if (body.quantity === undefined) errors.quantity = ['This field is required.'];
  else if (body.quantity === null) errors.quantity = ['This field may not be null.'];
  else if (kind === 'chemical') {
    if (Number.isNaN(quantity)) errors.quantity = ['A valid number is required.'];
    else if (quantity <= 0) errors.quantity = ['Ensure this value is greater than 0.'];
    else if (thousandths(quantity) !== quantity)
      errors.quantity = ['Ensure that there are no more than 3 decimal places.'];
  } else if (kind) {
    if (!Number.isInteger(quantity)) errors.quantity = ['A valid integer is required.'];
    else if (quantity < 1) errors.quantity = ['Ensure this value is greater than or equal to 1.'];
  }

  if (kind && record && !errors.quantity) {
    const inCart = issueCart.lines
      .filter(
        (line) =>
          line.owner === owner &&
          line !== replacing &&
          line.object_type === type &&
          line.object_id === record.id,
      )
      .reduce((sum, line) => sum + line.quantity, 0);
    if (thousandths(inCart + quantity) > record.quantity)
      errors.quantity = [`Only ${inStock(kind, record.quantity)} in stock.`];
  }
  if (Object.keys(errors).length > 0) return errors;
  return {
    id: replacing?.id ?? issueCart.nextId++,
    owner,
    object_id: objectId,
    object_type: type as ObjectType,
    quantity,
  };
}

function isErrors(result: StoredLine | Errors): result is Errors {
  return !('owner' in result);
}

/** Checks the caller, then finds their line: another user's line is not found (SERVER.md §9). */
function withOwnLine(handle: (line: StoredLine, request: Request) => Promise<Response> | Response) {
  return ({ request, params }: { request: Request; params: PathParams }) => {
    const caller = authenticate(request);
    if (caller instanceof Response) return caller;
    const line = issueCart.lines.find((row) => row.id === Number(params.id) && row.owner === caller.id);
    return line ? handle(line, request) : notFound();
  };
}

const url = '*/api/management/issue-cart/';

export const issueCartHandlers = [
  http.get(url, ({ request }) => {
    const caller = authenticate(request);
    if (caller instanceof Response) return caller;
    return HttpResponse.json(issueCart.lines.filter((line) => line.owner === caller.id).map(showLine));
  }),
  http.post(url, async ({ request }) => {
    const caller = authenticate(request);
    if (caller instanceof Response) return caller;
    const result = validLine((await request.json()) as Body, caller.id);
    if (isErrors(result)) return HttpResponse.json(result, { status: 400 });
    issueCart.lines.push(result);
    return HttpResponse.json(showLine(result), { status: 201 });
  }),
  http.put(
    `${url}:id/`,
    withOwnLine(async (line, request) => {
      const result = validLine((await request.json()) as Body, line.owner, line);
      if (isErrors(result)) return HttpResponse.json(result, { status: 400 });
      issueCart.lines[issueCart.lines.indexOf(line)] = result;
      return HttpResponse.json(showLine(result));
    }),
  ),
  http.delete(
    `${url}:id/`,
    withOwnLine((line) => {
      issueCart.lines.splice(issueCart.lines.indexOf(line), 1);
      return new HttpResponse(null, { status: 204 });
    }),
  ),
  http.post(`${url}:locationId/merge/`, ({ request, params }) => {
    const caller = authenticate(request);
    if (caller instanceof Response) return caller;
    const locationId = Number(params.locationId);
    if (!findLocation(locationId)) return notFound();
    const lines = issueCart.lines.filter((line) => line.owner === caller.id).sort((a, b) => a.id - b.id);
    if (lines.length === 0) return HttpResponse.json({ detail: 'The cart is empty.' }, { status: 400 });

    const wanted = new Map<StockRecord, number>();
    for (const line of lines) {
      const record = recordOf(stockKindOf(line.object_type), line.object_id)!;
      wanted.set(record, thousandths((wanted.get(record) ?? 0) + line.quantity));
    }
    for (const line of lines) {
      const kind = stockKindOf(line.object_type);
      const record = recordOf(kind, line.object_id)!;
      if (wanted.get(record)! > record.quantity) {
        return HttpResponse.json(
          { detail: `${stockName(record)}: only ${inStock(kind, record.quantity)} in stock.` },
          { status: 409 },
        );
      }
    }
    const objects = lines.map((line) => {
      const record = recordOf(stockKindOf(line.object_type), line.object_id)!;
      record.quantity = thousandths(record.quantity - line.quantity);
      return {
        id: record.id,
        name: stockName(record),
        object_type: line.object_type,
        quantity: line.quantity,
      };
    });
    issueCart.lines = issueCart.lines.filter((line) => line.owner !== caller.id);
    return HttpResponse.json(addIssue(locationId, objects), { status: 201 });
  }),
];
