import { apiSlice } from './apiSlice';
import type { Category } from '../../server/src/contract/categories';
import { derivedTags } from './changeTags';
import { idTag, listTag, listTags, onSuccess } from './tags';
import { ifMatch, onSuccessOrStale } from './versions';

// SERVER.md §13: the categories files are filed under.

export type { Category } from '../../server/src/contract/categories';

// Every category change is audited (docs/api.md §6).
export const categoriesApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    listCategories: build.query<Category[], void>({
      query: () => '/api/filemanager/categories/',
      providesTags: (categories) => listTags('Category', categories),
    }),
    // A new category is on no file yet, so the file list stays as it is.
    createCategory: build.mutation<Category, string>({
      query: (name) => ({ url: '/api/filemanager/categories/', method: 'POST', body: { name } }),
      invalidatesTags: onSuccess(() => [listTag('Category'), ...derivedTags('category', 'audit')]),
    }),
    // Files show their categories' names, and a deleted category drops off every file.
    renameCategory: build.mutation<Category, Category>({
      query: ({ id, name, version }) => ({
        url: `/api/filemanager/categories/${id}/`,
        method: 'PATCH',
        body: { name },
        headers: ifMatch(version),
      }),
      invalidatesTags: onSuccessOrStale(
        ({ id }) => [
          idTag('Category', id),
          ...derivedTags({ topic: 'category', action: 'updated' }, 'audit'),
        ],
        ({ id }) => [idTag('Category', id)],
      ),
    }),
    deleteCategory: build.mutation<void, number>({
      query: (id) => ({ url: `/api/filemanager/categories/${id}/`, method: 'DELETE' }),
      invalidatesTags: onSuccess((id) => [
        idTag('Category', id),
        ...derivedTags({ topic: 'category', action: 'deleted' }, 'audit'),
      ]),
    }),
  }),
});

export const {
  useListCategoriesQuery,
  useCreateCategoryMutation,
  useRenameCategoryMutation,
  useDeleteCategoryMutation,
} = categoriesApi;
