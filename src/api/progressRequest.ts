import type { BaseQueryFn, FetchBaseQueryError, QueryReturnValue } from '@reduxjs/toolkit/query';
import { apiUrl, authorizationHeader, endingSessionOn401 } from './baseQuery';
import { CLIENT_ID, CLIENT_ID_HEADER } from './clientId';

export interface ProgressRequest {
  /** An API path such as '/api/filemanager/files/'. */
  url: string;
  method: 'POST' | 'PUT' | 'PATCH';
  body: XMLHttpRequestBodyInit;
  /** Called as the body goes out, with the share sent so far in whole percent. */
  onProgress?: (percent: number) => void;
}

type Result = QueryReturnValue<unknown, FetchBaseQueryError, undefined>;

/** Reads the answer the way fetchBaseQuery does, so errorMessage treats both alike. */
function resultOf(xhr: XMLHttpRequest): Result {
  const text = xhr.responseText;
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (error) {
    return {
      error: { status: 'PARSING_ERROR', originalStatus: xhr.status, data: text, error: String(error) },
    };
  }
  return xhr.status >= 200 && xhr.status < 300 ? { data } : { error: { status: xhr.status, data } };
}

function send({ url, method, body, onProgress }: ProgressRequest, signal: AbortSignal, state: unknown) {
  return new Promise<Result>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(url));
    xhr.setRequestHeader('Authorization', authorizationHeader(state));
    xhr.setRequestHeader(CLIENT_ID_HEADER, CLIENT_ID);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.round((100 * event.loaded) / event.total));
    });
    xhr.addEventListener('load', () => resolve(resultOf(xhr)));
    xhr.addEventListener('error', () =>
      resolve({ error: { status: 'FETCH_ERROR', error: 'TypeError: Network Error' } }),
    );
    xhr.addEventListener('abort', () =>
      resolve({ error: { status: 'FETCH_ERROR', error: 'AbortError: The request was aborted' } }),
    );
    signal.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}

/**
 * A request whose body may be large, sent with XMLHttpRequest because fetch reports no upload progress. It
 * carries the same header, URL and session handling as the base query.
 */
export const progressQuery: BaseQueryFn<ProgressRequest, unknown, FetchBaseQueryError, object, undefined> =
  endingSessionOn401((request, api) => send(request, api.signal, api.getState()));
