import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTooLarge, HttpError } from '../../http/errors';
import { unsupportedMediaType } from '../../plugins/errors';
import { messages, ValidationError } from '../../validation/errors';
import { forbiddenCharacterIn } from '../../validation/validate';
import { fileMessages, type UploadForm } from '../../services/files';
import type { FileStorage } from '../../storage/fileStorage';

/** Form values longer than this are refused; the id values we read are a few digits. */
export const MAX_FIELD_BYTES = 16 * 1024;
/**
 * The file and up to 1,000 link ids. Together with one file part and MAX_FIELD_BYTES this bounds what one upload
 * request can make the server read: UPLOAD_MAX_BYTES plus 16 MB of values.
 */
export const MAX_FORM_PARTS = 1001;

const isLinkList = (name: string): name is keyof UploadForm['values'] =>
  name === 'categories' || name === 'chemicals';

/** Errors of the multipart parser itself (a broken body) carry no code; ours, Fastify's and the system's do. */
function asRequestError(error: unknown): unknown {
  if (error instanceof Error && !('code' in error) && !('statusCode' in error)) {
    return new HttpError(400, `Multipart form parse error - ${error.message}`);
  }
  return error;
}

/**
 * Reads a multipart upload to its end: the one file part (`file`) is streamed into the storage (never held in
 * memory), other parts are read or drained, so even a refused request is consumed and its client gets the answer.
 * A file over `maxBytes` is removed again and answered with 413; a second file part with 400, as soon as it starts.
 */
export async function readUploadForm(
  request: FastifyRequest,
  storage: FileStorage,
  maxBytes: number,
): Promise<UploadForm> {
  const form: UploadForm = {
    file: undefined,
    fileSentAsText: false,
    values: { categories: [], chemicals: [] },
  };
  if (!request.isMultipart()) {
    // A JSON body (the only other kind the body parser lets through); a request without any body has no file.
    const contentType = request.headers['content-type'];
    if (contentType !== undefined) throw new HttpError(415, unsupportedMediaType(contentType));
    return form;
  }

  const limits = { fileSize: maxBytes, fieldSize: MAX_FIELD_BYTES, files: 1, parts: MAX_FORM_PARTS };
  const { FilesLimitError, PartsLimitError, RequestFileTooLargeError } = request.server.multipartErrors;
  let fieldTooLarge = false;
  // The file name shows nowhere but in the stored name, which drops such characters; refused all the same, like
  // every other text a client sends.
  let forbiddenInName: string | undefined;
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        const forbidden = part.fieldname === 'file' ? forbiddenCharacterIn(part.filename) : undefined;
        forbiddenInName ??= forbidden;
        if (part.fieldname === 'file' && forbidden === undefined) {
          form.file = await storage.save(part.file, part.filename);
        } else {
          part.file.resume();
          await finished(part.file);
        }
      } else if (isLinkList(part.fieldname)) {
        if (part.valueTruncated) fieldTooLarge = true;
        form.values[part.fieldname].push(String(part.value));
      } else if (part.fieldname === 'file') {
        form.fileSentAsText = true;
      }
    }
    if (fieldTooLarge) throw new HttpError(413, 'Request body too large.');
    if (forbiddenInName !== undefined)
      throw ValidationError.field('file', messages.fileNameControlCharacter(forbiddenInName));
  } catch (error) {
    if (form.file) await storage.remove(form.file.name);
    if (error instanceof RequestFileTooLargeError) throw fileTooLarge(maxBytes);
    // A second file part is refused as it starts, so no request streams more than one file's worth of bytes.
    if (error instanceof FilesLimitError) throw ValidationError.field('file', fileMessages.several);
    if (error instanceof PartsLimitError)
      throw new HttpError(413, `Too many form parts. The limit is ${MAX_FORM_PARTS}.`);
    throw asRequestError(error);
  }
  return form;
}
