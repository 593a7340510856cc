import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REQUEST_STATUSES, OPEN_FOR_THE_STORE } from '../../domain/requests';
import { OBJECT_TYPES } from '../../domain/stockKindHelpers';
import { PageSchema, pageOf, PagingQuery, parsePage } from '../../http/paging';
import { resource } from '../../http/resource';
import { ErrorDetail, ID, IdParams, rawId, LocationParams } from '../../http/schemas';
import { currentActor } from '../../plugins/auth';
import * as fulfilment from '../../services/requestFulfilment';
import * as requests from '../../services/requests';
import {
  choice,
  choiceList,
  idFilter,
  idRef,
  nullable,
  number,
  stockDate,
  text,
} from '../../validation/fields';
import { IssueSchema } from '../../contract/issues';

const tags = ['requests'];

const quantityNote = 'ml for chemicals (> 0, at most 3 decimals), whole pieces (≥ 1) otherwise';

const RequestLineSchema = Type.Object({
  id: Type.Integer(),
  object_type: Type.String(),
  object_id: Type.Integer({ description: 'The stock record asked for' }),
  name: Type.String({ description: 'The catalog name' }),
  unit: Type.String({ description: '`ml` or `pieces`' }),
  quantity: Type.Number({ description: 'Asked for' }),
  approved_quantity: Type.Union([Type.Number(), Type.Null()], { description: 'null until approved' }),
  issued_quantity: Type.Number({ description: 'Issued so far; approved − issued is still open' }),
  unit_price: Type.Union([Type.Number(), Type.Null()], {
    description: "The record's current price; null: none",
  }),
  estimated_cost: Type.Union([Type.Integer(), Type.Null()], {
    description:
      'Minor units of `currency`: the approved (until then the asked) quantity at unit_price; null without a price or when cost_beyond_limit',
  }),
  cost_beyond_limit: Type.Boolean({
    description:
      'The line at unit_price costs more than one line may be charged (10,000,000,000 major units): it cannot be approved or issued until its quantity or the price is lowered',
  }),
  needs_store_approval: Type.Boolean({ description: 'The record carries a CMR hazard statement' }),
});

const stamp = Type.Union([Type.String(), Type.Null()]);

const RequestSchema = Type.Object({
  id: Type.Integer(),
  status: Type.Enum(REQUEST_STATUSES),
  location: Type.Integer({ description: 'The lab (a location)' }),
  fund: Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() }),
  requester: Type.Object({
    id: Type.Union([Type.Integer(), Type.Null()], { description: 'null once the account is deleted' }),
    email: Type.String(),
  }),
  needed_by: stamp,
  note: Type.String(),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'Why it was last rejected or returned' }),
  created_at: Type.String(),
  updated_at: Type.String(),
  submitted_at: Type.String(),
  approved_at: stamp,
  approved_by: stamp,
  store_approved_at: stamp,
  store_approved_by: stamp,
  lines: Type.Array(RequestLineSchema),
  estimated_total: Type.Union([Type.Integer(), Type.Null()], {
    description:
      'The lines’ estimated costs added up (lines without a price left out); null: no line has one, or a line’s cost is beyond the limit',
  }),
  currency: Type.String({ description: 'ISO 4217 code' }),
});

const RequestLineBody = Type.Object({
  object_type: choice(Object.values(OBJECT_TYPES)),
  object_id: idRef('A stock record of object_type'),
  quantity: number({ description: quantityNote }),
});

const requestFields = {
  fund: idRef("One of the lab's active funds"),
  needed_by: Type.Optional(nullable(stockDate('A date, not in the past (LAB_TIME_ZONE)'))),
  note: Type.Optional(text({ maxLength: 1000, allowBlank: true })),
  lines: Type.Array(RequestLineBody, {
    minItems: 1,
    description: `1–${requests.MAX_REQUEST_LINES} lines, one per stock record`,
  }),
};
const RequestBody = Type.Object(requestFields);
const RequestPatchBody = Type.Partial(RequestBody);

const ApproveBody = Type.Object({
  lines: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.Integer({ minimum: 1, description: 'A line of the request' }),
        quantity: number({ description: `0 < quantity ≤ asked; ${quantityNote}` }),
      }),
      { description: 'Lines approved with less than asked; the others are approved as asked' },
    ),
  ),
});

const ReasonBody = Type.Object({ reason: text({ maxLength: 1000 }) });

const FulfilBody = Type.Object({
  lines: Type.Array(
    Type.Object({
      request_line: Type.Integer({ minimum: 1, description: 'A line of the request' }),
      object_id: idRef('A record of the catalog entry the line asks for, not expired'),
      quantity: number({ description: quantityNote }),
    }),
    { minItems: 1, description: 'Picks; a line may be split over records, its picks ≤ what is open' },
  ),
});

const statusFilter = Type.Optional(choiceList(REQUEST_STATUSES, 'Comma-separated statuses; any case'));

const PickSuggestionSchema = Type.Object({
  lines: Type.Array(
    Type.Object({
      request_line: Type.Integer(),
      open_quantity: Type.Number({ description: 'Approved − issued' }),
      picks: Type.Array(
        Type.Object({
          object_id: Type.Integer(),
          name: Type.String(),
          quantity: Type.Number(),
          expiry_date: stamp,
          opened_on: stamp,
          storage_place: stamp,
        }),
      ),
      short: Type.Number({ description: 'What no record covers; 0 when covered' }),
    }),
  ),
});

/** Requests from the labs (docs/api.md §26): the lab's side, the request's own routes and the store's. */
export default async function requestRoutes(app: FastifyInstance) {
  const context = (): requests.RequestsContext => ({
    db: app.db,
    dialect: app.dialect,
    now: app.now,
    currency: app.config.currency,
    labTimeZone: app.config.labTimeZone,
  });
  const requestExists = async (request: FastifyRequest) => {
    await requests.requireRequest(context(), rawId(request));
  };

  resource(app, `/api/labs/:locationId${ID}/requests/`, (routes) =>
    routes
      .get(
        {
          access: 'lab',
          schema: {
            tags,
            summary: "The lab's requests, newest first",
            params: LocationParams,
            querystring: Type.Object({ status: statusFilter, ...PagingQuery }),
            response: { 200: PageSchema(RequestSchema, 'Requests, newest first') },
          },
        },
        async (request) => {
          const page = parsePage(request.query);
          const list = await requests.labRequests(
            context(),
            request.params.locationId,
            request.query.status ?? [],
            page,
          );
          return pageOf(request, page, list);
        },
      )
      .post(
        {
          access: 'labRequester',
          schema: {
            tags,
            summary: 'Ask the store for stock: submitted to the lab’s managers',
            params: LocationParams,
            body: RequestBody,
            response: { 201: RequestSchema },
          },
        },
        async (request, reply) =>
          reply
            .code(201)
            .send(
              await requests.createRequest(
                context(),
                currentActor(request),
                request.params.locationId,
                request.body,
              ),
            ),
      ),
  );

  const conflictAnswer = { 409: ErrorDetail };

  resource(app, `/api/requests/:id${ID}/`, (routes) =>
    routes
      .get(
        {
          access: 'requestRead',
          schema: { tags, summary: 'One request', params: IdParams, response: { 200: RequestSchema } },
        },
        async (request) => requests.getRequest(context(), request.params.id),
      )
      .patch(
        {
          access: 'requestMember',
          schema: {
            tags,
            summary: 'Edit a returned request (its requester) and submit it again',
            params: IdParams,
            body: RequestPatchBody,
            response: { 200: RequestSchema, ...conflictAnswer },
          },
        },
        async (request) =>
          requests.resubmitRequest(context(), currentActor(request), request.params.id, request.body),
      ),
  );

  resource(app, `/api/requests/:id${ID}/approve/`, (routes) =>
    routes.post(
      {
        access: 'requestManager',
        schema: {
          tags,
          summary: 'Approve a submitted request, some lines perhaps with less than asked',
          params: IdParams,
          body: ApproveBody,
          response: { 200: RequestSchema, ...conflictAnswer },
        },
      },
      async (request) =>
        requests.approveRequest(context(), currentActor(request), request.params.id, request.body.lines),
    ),
  );

  const withReason = (
    path: string,
    access: 'requestManager' | 'storeWrite',
    action: 'reject' | 'store_reject' | 'return',
    summary: string,
  ) =>
    resource(app, `/api/requests/:id${ID}/${path}/`, (routes) =>
      routes.post(
        {
          access,
          ...(access === 'storeWrite' ? { preValidation: requestExists } : {}),
          schema: {
            tags,
            summary,
            params: IdParams,
            body: ReasonBody,
            response: { 200: RequestSchema, ...conflictAnswer },
          },
        },
        async (request) =>
          requests.closeWithReason(
            context(),
            currentActor(request),
            request.params.id,
            action,
            request.body.reason,
          ),
      ),
    );
  withReason('reject', 'requestManager', 'reject', 'Reject a submitted request (or one awaiting the store)');
  withReason('return', 'requestManager', 'return', 'Return a submitted request to its requester for changes');
  withReason('store-reject', 'storeWrite', 'store_reject', 'Reject a request awaiting the store’s approval');

  resource(app, `/api/requests/:id${ID}/cancel/`, (routes) =>
    routes.post(
      {
        access: 'requestMember',
        schema: {
          tags,
          summary: 'Cancel a submitted or returned request (its requester or a manager of its lab)',
          params: IdParams,
          response: { 200: RequestSchema, ...conflictAnswer },
        },
      },
      async (request) => requests.cancelRequest(context(), currentActor(request), request.params.id),
    ),
  );

  resource(app, `/api/requests/:id${ID}/cancel-open/`, (routes) =>
    routes.post(
      {
        access: 'requestCloser',
        preValidation: requestExists,
        schema: {
          tags,
          summary:
            'Cancel what is still to issue of an approved or partly fulfilled request (a manager of its lab or the store), with the reason',
          params: IdParams,
          body: ReasonBody,
          response: { 200: RequestSchema, ...conflictAnswer },
        },
      },
      async (request) =>
        requests.cancelOpenRequest(context(), currentActor(request), request.params.id, request.body.reason),
    ),
  );

  resource(app, `/api/requests/:id${ID}/store-approve/`, (routes) =>
    routes.post(
      {
        access: 'storeWrite',
        preValidation: requestExists,
        schema: {
          tags,
          summary: 'Approve a request with CMR lines, after its lab’s manager',
          params: IdParams,
          response: { 200: RequestSchema, ...conflictAnswer },
        },
      },
      async (request) => requests.storeApproveRequest(context(), currentActor(request), request.params.id),
    ),
  );

  resource(app, '/api/management/requests/', (routes) =>
    routes.get(
      {
        access: 'storeRead',
        schema: {
          tags,
          summary: 'The store’s queue: approved and partly fulfilled requests, oldest needed-by first',
          querystring: Type.Object({
            status: statusFilter,
            lab: Type.Optional(idFilter('Only this lab’s requests')),
            ...PagingQuery,
          }),
          response: { 200: PageSchema(RequestSchema, 'Requests, oldest needed-by first (none last)') },
        },
      },
      async (request) => {
        const page = parsePage(request.query);
        const { status, lab } = request.query;
        const list = await requests.storeRequests(
          context(),
          { locationId: lab, statuses: status && status.length > 0 ? status : OPEN_FOR_THE_STORE },
          page,
        );
        return pageOf(request, page, list);
      },
    ),
  );

  resource(app, `/api/management/requests/:id${ID}/pick-suggestion/`, (routes) =>
    routes.get(
      {
        access: 'storeRead',
        schema: {
          tags,
          summary: 'Which records to take for each open line: opened first, then the earliest expiry',
          params: IdParams,
          response: { 200: PickSuggestionSchema },
        },
      },
      async (request) => fulfilment.pickSuggestion(context(), request.params.id),
    ),
  );

  resource(app, `/api/management/requests/:id${ID}/fulfil/`, (routes) =>
    routes.post(
      {
        access: 'storeWrite',
        preValidation: requestExists,
        schema: {
          tags,
          summary: 'Issue picks to the request’s lab; what is not issued stays open',
          description:
            'A picked record that carries a CMR code its line was not approved for by the store → 409, nothing ' +
            'issued, the request back awaiting store approval (docs/api.md §26.8).',
          params: IdParams,
          body: FulfilBody,
          response: {
            200: Type.Object({ issue: IssueSchema, request: RequestSchema }),
            ...conflictAnswer,
          },
        },
      },
      async (request) =>
        fulfilment.fulfilRequest(context(), currentActor(request), request.params.id, request.body.lines),
    ),
  );
}
