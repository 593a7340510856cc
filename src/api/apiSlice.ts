import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery';
import { tagTypes } from './tags';

/** The one API slice; each resource adds its endpoints with injectEndpoints in its own file. */
export const apiSlice = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes,
  endpoints: () => ({}),
});
