import { apiSlice } from './apiSlice';
import { downloadFile } from './download';

// docs/api.md §16.3: the hazard register, every hazardous substance in stock, for store managers and auditors.

export type RegisterFormat = 'csv' | 'xlsx';

export const hazardRegisterApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    // A mutation, not a query: the file goes to the browser's downloads and only its name to the store.
    exportHazardRegister: build.mutation<string, RegisterFormat>({
      queryFn: (format, api, extraOptions) =>
        downloadFile(
          {
            url: '/api/management/hazard-register/export/',
            params: { format },
            fallbackName: `labstore-hazard-register-${new Date().toISOString().slice(0, 10)}.${format}`,
          },
          api,
          extraOptions,
        ),
    }),
  }),
});

export const { useExportHazardRegisterMutation } = hazardRegisterApi;
