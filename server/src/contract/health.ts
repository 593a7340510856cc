import { Type, type Static } from '@fastify/type-provider-typebox';

// docs/api.md, "Health": what a load balancer or monitor reads; it says nothing beyond up or down.

export const HealthySchema = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Literal('ok'),
});
export type Healthy = Static<typeof HealthySchema>;
