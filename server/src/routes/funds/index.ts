import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resource } from '../../http/resource';
import { serviceContext } from '../../http/serviceContext';
import { ID, LocationParams } from '../../http/schemas';
import { FundBody, FundParams, FundPatchBody, FundSchema } from '../../contract/funds';
import { currentActor } from '../../plugins/auth';
import * as funds from '../../services/funds';

const tags = ['funds'];

/** A lab's funds (docs/api.md §25): read by the lab and the store, kept by the store and the lab's managers. */
export default async function fundRoutes(app: FastifyInstance) {
  const context = (): funds.FundsContext => serviceContext(app);
  const fundOfLab = async (request: FastifyRequest) => {
    const { locationId, id } = request.params as Record<string, string>;
    await funds.requireFund(context(), Number(locationId), Number(id));
  };

  resource(app, `/api/labs/:locationId${ID}/funds/`, (routes) =>
    routes
      .get(
        {
          access: 'lab',
          schema: {
            tags,
            summary: "The lab's funds, by code, inactive ones included",
            params: LocationParams,
            response: { 200: Type.Array(FundSchema) },
          },
        },
        async (request) => funds.listFunds(context(), request.params.locationId),
      )
      .post(
        {
          access: 'labFundsWrite',
          schema: {
            tags,
            summary: 'Add a fund',
            params: LocationParams,
            body: FundBody,
            response: { 201: FundSchema },
          },
        },
        async (request, reply) =>
          reply
            .code(201)
            .send(
              await funds.createFund(
                context(),
                currentActor(request),
                request.params.locationId,
                request.body,
              ),
            ),
      ),
  );

  resource(app, `/api/labs/:locationId${ID}/funds/:id${ID}/`, (routes) =>
    routes.patch(
      {
        access: 'labFundsWrite',
        preValidation: fundOfLab,
        schema: {
          tags,
          summary: "Change a fund's code, name or whether it is active",
          params: FundParams,
          body: FundPatchBody,
          response: { 200: FundSchema },
        },
      },
      async (request) =>
        funds.updateFund(
          context(),
          currentActor(request),
          request.params.locationId,
          request.params.id,
          request.body,
        ),
    ),
  );
}
