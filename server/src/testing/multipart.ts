import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** A part of a multipart form: a plain value, or a file with its name. */
export type FormPart =
  [name: string, value: string] | [name: string, content: Buffer | string, fileName: string];

/** A multipart/form-data body built the way a browser builds it (FormData), for `app.inject`. */
export async function multipartBody(
  parts: FormPart[],
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const [name, value, fileName] of parts) {
    if (fileName === undefined) form.append(name, value as string);
    // A copy: Blob takes bytes backed by a plain ArrayBuffer, which a pooled Buffer need not be.
    else form.append(name, new Blob([typeof value === 'string' ? value : new Uint8Array(value)]), fileName);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

/** POSTs the parts to the upload route (§12.2) as a browser would send its form, with the given headers. */
export async function postUpload(
  app: FastifyInstance,
  parts: FormPart[],
  headers: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const body = await multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: '/api/filemanager/files/',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
}
