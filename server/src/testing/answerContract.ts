import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

// The tests' proof that every answer is what its route declares (issue 34): Fastify's serialiser writes only the
// fields a response schema names and coerces the rest, so a field a service adds but the schema lacks, or a value of
// another type, would reach clients silently changed. Every JSON answer of every test goes through two checks: the
// value the handler returned validates against the declared schema (Ajv, the validator Fastify itself uses), and
// the serialised answer says exactly what that value says (nothing dropped, nothing coerced).

const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
addFormats(ajv);
const validators = new WeakMap<object, ValidateFunction>();
const returned = new WeakMap<FastifyRequest, unknown>();

function validatorOf(schema: object): ValidateFunction {
  let validate = validators.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

/** The declared schema of an answer with this status: by code, by class ('2xx') or the default. */
function declaredSchema(request: FastifyRequest, status: number): object | undefined {
  const responses = request.routeOptions.schema?.response as Record<string, object> | undefined;
  if (responses === undefined) return undefined;
  return responses[status] ?? responses[`${Math.floor(status / 100)}xx`] ?? responses.default;
}

/** The places (paths such as `$.lines[0].unit`) where two JSON values differ; empty when they are equal. */
export function differences(expected: unknown, actual: unknown, path = '$'): string[] {
  if (Object.is(expected, actual)) return [];
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) return [`${path}.length`];
    return expected.flatMap((item, index) => differences(item, actual[index], `${path}[${index}]`));
  }
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (isObject(expected) && isObject(actual)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    return [...keys].flatMap((key) => differences(expected[key], actual[key], `${path}.${key}`));
  }
  return [path];
}

function broken(request: FastifyRequest, status: number, what: string): Error {
  const message = `${request.method} ${request.routeOptions.url} (${status}): ${what}`;
  // The error handler answers 500 without the words; the test's log keeps them.
  console.error(`answer breaks its declared schema: ${message}`);
  return new Error(message);
}

const answerContract: FastifyPluginAsync = async (app) => {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const schema = declaredSchema(request, reply.statusCode);
    if (schema === undefined || payload === null || typeof payload !== 'object') return payload;
    // What a client would read if nothing were dropped: Dates as their ISO text, undefined fields gone.
    const value: unknown = JSON.parse(JSON.stringify(payload));
    const validate = validatorOf(schema);
    if (!validate(value)) {
      throw broken(request, reply.statusCode, ajv.errorsText(validate.errors, { separator: '; ' }));
    }
    returned.set(request, value);
    return payload;
  });
  app.addHook('onSend', async (request, reply, serialised) => {
    const value = returned.get(request);
    if (value === undefined || typeof serialised !== 'string') return serialised;
    returned.delete(request);
    const changed = differences(value, JSON.parse(serialised));
    if (changed.length > 0) {
      const places = [...new Set(changed.map((place) => place.replace(/\[\d+\]/g, '[]')))].join(', ');
      throw broken(request, reply.statusCode, `the serialiser changed ${places} (fields the schema lacks?)`);
    }
    return serialised;
  });
};

export const answerContractPlugin = fp(answerContract, { name: 'answer-contract' });
