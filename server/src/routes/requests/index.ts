import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  ApproveBody,
  FulfilBody,
  LabRequestPageSchema,
  LabRequestSchema,
  PickSuggestionSchema,
  ReasonBody,
  RequestBody,
  RequestPatchBody,
  RequestStatusFilter,
} from '../../contract/requests';
import { OPEN_FOR_THE_STORE } from '../../domain/requests';
import { pageOf, PagingQuery, parsePage } from '../../http/paging';
import { resource, targetLookup } from '../../http/resource';
import { serviceContext } from '../../http/serviceContext';
import { ErrorDetail, ID, IdParams, LocationParams } from '../../http/schemas';
import { currentActor } from '../../plugins/auth';
import { idFilter } from '../../validation/fields';
import { IssueSchema } from '../../contract/issues';
import * as fulfilment from '../../services/requestFulfilment';
import * as labRequests from '../../services/requests';

const tags = ['requests'];

/** Requests from the labs (docs/api.md §26): the lab's side, the request's own routes and the store's. */
export default async function requestRoutes(app: FastifyInstance) {
  const context = (): labRequests.RequestsContext => ({
    ...serviceContext(app),
    currency: app.config.currency,
    labTimeZone: app.config.labTimeZone,
  });
  const requestExists = targetLookup((id) => labRequests.requireRequest(context(), id));

  resource(app, `/api/labs/:locationId${ID}/requests/`, (routes) =>
    routes
      .get(
        {
          access: 'lab',
          schema: {
            tags,
            summary: "The lab's requests, newest first",
            params: LocationParams,
            querystring: Type.Object({ status: RequestStatusFilter, ...PagingQuery }),
            response: { 200: LabRequestPageSchema('Requests, newest first') },
          },
        },
        async (request) => {
          const page = parsePage(request.query);
          const list = await labRequests.labRequestList(
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
            response: { 201: LabRequestSchema },
          },
        },
        async (request, reply) =>
          reply
            .code(201)
            .send(
              await labRequests.createRequest(
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
          schema: { tags, summary: 'One request', params: IdParams, response: { 200: LabRequestSchema } },
        },
        async (request) => labRequests.getRequest(context(), request.params.id),
      )
      .patch(
        {
          access: 'requestMember',
          schema: {
            tags,
            summary: 'Edit a returned request (its requester) and submit it again',
            params: IdParams,
            body: RequestPatchBody,
            response: { 200: LabRequestSchema, ...conflictAnswer },
          },
        },
        async (request) =>
          labRequests.resubmitRequest(context(), currentActor(request), request.params.id, request.body),
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
          response: { 200: LabRequestSchema, ...conflictAnswer },
        },
      },
      async (request) =>
        labRequests.approveRequest(context(), currentActor(request), request.params.id, request.body.lines),
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
            response: { 200: LabRequestSchema, ...conflictAnswer },
          },
        },
        async (request) =>
          labRequests.closeWithReason(
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
          response: { 200: LabRequestSchema, ...conflictAnswer },
        },
      },
      async (request) => labRequests.cancelRequest(context(), currentActor(request), request.params.id),
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
          response: { 200: LabRequestSchema, ...conflictAnswer },
        },
      },
      async (request) =>
        labRequests.cancelOpenRequest(
          context(),
          currentActor(request),
          request.params.id,
          request.body.reason,
        ),
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
          response: { 200: LabRequestSchema, ...conflictAnswer },
        },
      },
      async (request) => labRequests.storeApproveRequest(context(), currentActor(request), request.params.id),
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
            status: RequestStatusFilter,
            lab: Type.Optional(idFilter('Only this lab’s requests')),
            ...PagingQuery,
          }),
          response: { 200: LabRequestPageSchema('Requests, oldest needed-by first (none last)') },
        },
      },
      async (request) => {
        const page = parsePage(request.query);
        const { status, lab } = request.query;
        const list = await labRequests.storeRequests(
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
            200: Type.Object({ issue: IssueSchema, request: LabRequestSchema }),
            ...conflictAnswer,
          },
        },
      },
      async (request) =>
        fulfilment.fulfilRequest(context(), currentActor(request), request.params.id, request.body.lines),
    ),
  );
}
