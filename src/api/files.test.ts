import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../app/store';
import { signedInState } from '../testing/render';
import { adminToken, callAs, currentVersion, seedLab } from '../testing/seed';
import { sentRequests, server } from '../testing/server';
import { setupTestServer } from '../testing/testServer';
import { categoriesApi } from './categories';
import { filesApi } from './files';

setupTestServer(seedLab);

function signedInStore() {
  return makeStore(signedInState());
}

/** How often each list was fetched so far. */
function listFetches() {
  const requests = sentRequests();
  return {
    files: requests.filter((request) => request === 'GET /api/filemanager/files/').length,
    categories: requests.filter((request) => request === 'GET /api/filemanager/categories/').length,
  };
}

/** Subscribes to both lists, as open pages would, and waits for their first answers. */
async function watchLists(store: ReturnType<typeof signedInStore>) {
  await store.dispatch(filesApi.endpoints.listFiles.initiate());
  await store.dispatch(categoriesApi.endpoints.listCategories.initiate());
  expect(listFetches()).toEqual({ files: 1, categories: 1 });
}

describe('uploadFile', () => {
  it('sends the file, category and chemical ids as multipart parts with the Bearer token', async () => {
    let form: FormData | undefined;
    let authorization: string | null = null;
    server.use(
      http.post('*/api/filemanager/files/', async ({ request }) => {
        authorization = request.headers.get('Authorization');
        form = await request.clone().formData();
      }),
    );
    const store = signedInStore();
    const file = new File(['melting point 78 °C'], 'ethanol notes.txt', { type: 'text/plain' });
    const { data } = await store.dispatch(
      filesApi.endpoints.uploadFile.initiate({ file, categories: [1, 3], chemicals: [2] }),
    );

    expect(authorization).toBe(`Bearer ${adminToken()}`);
    expect(form?.getAll('categories')).toEqual(['1', '3']);
    expect(form?.getAll('chemicals')).toEqual(['2']);
    const sent = form?.get('file') as File;
    expect(sent.name).toBe('ethanol notes.txt');
    expect(await sent.text()).toBe('melting point 78 °C');
    expect(data?.file.path).toBe('/media/files/ethanol_notes.txt');
    expect(data?.categories.map((category) => category.name)).toEqual(['MSDS', 'Safety']);
  });

  it('reports the share of the body sent', async () => {
    const onProgress = jest.fn();
    const store = signedInStore();
    const file = new File(['x'.repeat(4096)], 'big.txt');
    await store.dispatch(
      filesApi.endpoints.uploadFile.initiate({ file, categories: [], chemicals: [], onProgress }),
    );
    expect(onProgress).toHaveBeenLastCalledWith(100);
  });

  it('returns the server error body for the shared message rule', async () => {
    const store = signedInStore();
    const file = new File([''], 'empty.txt');
    const { error } = await store.dispatch(
      filesApi.endpoints.uploadFile.initiate({ file, categories: [], chemicals: [] }),
    );
    expect(error).toEqual({ status: 400, data: { file: ['The submitted file is empty.'] } });
  });

  it('reports a failing answer that is not JSON by its status code', async () => {
    server.use(
      http.post(
        '*/api/filemanager/files/',
        () => new HttpResponse('<html>Bad Gateway</html>', { status: 502 }),
      ),
    );
    const store = signedInStore();
    const { error } = await store.dispatch(
      filesApi.endpoints.uploadFile.initiate({
        file: new File(['a'], 'a.txt'),
        categories: [],
        chemicals: [],
      }),
    );
    expect(error).toMatchObject({ status: 'PARSING_ERROR', originalStatus: 502 });
  });

  it('reports a connection failure as a network error', async () => {
    server.use(http.post('*/api/filemanager/files/', () => HttpResponse.error()));
    const store = signedInStore();
    const { error } = await store.dispatch(
      filesApi.endpoints.uploadFile.initiate({
        file: new File(['a'], 'a.txt'),
        categories: [],
        chemicals: [],
      }),
    );
    expect(error).toMatchObject({ status: 'FETCH_ERROR' });
  });

  it('ends the session when the token is refused', async () => {
    const store = makeStore({ auth: { token: 'expired' } });
    const { error } = await store.dispatch(
      filesApi.endpoints.uploadFile.initiate({
        file: new File(['a'], 'a.txt'),
        categories: [],
        chemicals: [],
      }),
    );
    expect(error).toMatchObject({ status: 401 });
    expect(store.getState().auth.token).toBeNull();
  });
});

describe('cache tags', () => {
  it('refetches the file list after an upload, a link change and a delete, but not the categories', async () => {
    const store = signedInStore();
    await watchLists(store);

    await store.dispatch(
      filesApi.endpoints.uploadFile.initiate({
        file: new File(['a'], 'a.txt'),
        categories: [],
        chemicals: [],
      }),
    );
    await waitFor(() => expect(listFetches().files).toBe(2));
    await store.dispatch(
      filesApi.endpoints.setFileChemicals.initiate({
        id: 1,
        chemicals: [1, 2],
        version: await currentVersion('/api/filemanager/files/1/'),
      }),
    );
    await waitFor(() => expect(listFetches().files).toBe(3));
    await store.dispatch(
      filesApi.endpoints.setFileChemicals.initiate({
        id: 1,
        chemicals: [],
        version: await currentVersion('/api/filemanager/files/1/'),
      }),
    );
    await waitFor(() => expect(listFetches().files).toBe(4));
    await store.dispatch(filesApi.endpoints.deleteFile.initiate(1));
    await waitFor(() => expect(listFetches().files).toBe(5));
    expect(listFetches().categories).toBe(1);
  });

  it('refetches categories and files after a rename or delete, and only categories after a create', async () => {
    const store = signedInStore();
    await watchLists(store);

    await store.dispatch(categoriesApi.endpoints.createCategory.initiate('Spectra'));
    await waitFor(() => expect(listFetches().categories).toBe(2));
    await store.dispatch(
      categoriesApi.endpoints.renameCategory.initiate({
        id: 1,
        name: 'SDS',
        version: await currentVersion('/api/filemanager/categories/1/'),
      }),
    );
    await waitFor(() => expect(listFetches()).toEqual({ files: 2, categories: 3 }));
    await store.dispatch(categoriesApi.endpoints.deleteCategory.initiate(3));
    await waitFor(() => expect(listFetches()).toEqual({ files: 3, categories: 4 }));

    const files = filesApi.endpoints.listFiles.select()(store.getState()).data;
    expect(files?.[0].categories).toEqual([{ id: 1, name: 'SDS' }]);
  });

  it('refetches nothing after a failed change', async () => {
    const store = signedInStore();
    await watchLists(store);
    await store.dispatch(
      filesApi.endpoints.setFileChemicals.initiate({
        id: 1,
        chemicals: [99],
        version: await currentVersion('/api/filemanager/files/1/'),
      }),
    );
    await store.dispatch(
      categoriesApi.endpoints.renameCategory.initiate({
        id: 1,
        name: ' ',
        version: await currentVersion('/api/filemanager/categories/1/'),
      }),
    );
    expect(listFetches()).toEqual({ files: 1, categories: 1 });
  });

  it('sends the version it read as If-Match, and refetches only the files when the links changed meanwhile', async () => {
    const store = signedInStore();
    await watchLists(store);
    const seen = filesApi.endpoints.listFiles
      .select()(store.getState())
      .data!.find((file) => file.id === 1)!;
    let ifMatch: string | null = null;
    server.use(
      http.patch('*/api/filemanager/files/1/', ({ request }) => {
        ifMatch = request.headers.get('If-Match');
      }),
    );
    // Another store manager links Ethanol to the file after the list was read.
    await callAs(adminToken(), 'PATCH', '/api/filemanager/files/1/', { chemicals: [1] });

    const result = await store.dispatch(
      filesApi.endpoints.setFileChemicals.initiate({ id: 1, chemicals: [2], version: seen.version }),
    );
    expect(ifMatch).toBe(`"${seen.version}"`);
    expect(result.error).toMatchObject({ status: 412, data: { version: seen.version + 1 } });
    await waitFor(() => expect(listFetches()).toEqual({ files: 2, categories: 1 }));
    const now = filesApi.endpoints.listFiles
      .select()(store.getState())
      .data!.find((file) => file.id === 1)!;
    expect(now.chemicals.map((chemical) => chemical.id)).toEqual([1]);
  });
});
