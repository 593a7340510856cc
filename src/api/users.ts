import { apiSlice } from './apiSlice';
import { derivedTags } from './changeTags';
import type { NewPassword, NewUser, UserRead as User } from '../../server/src/contract/users';
import { idTag, listTag, listTags, onSuccess, wholeTag } from './tags';
import { ifMatch, onSuccessOrStale } from './versions';

export type { NewPassword, NewUser, UserRead as User } from '../../server/src/contract/users';

/** What the account form edits: a new account without a role is a store manager, an edit keeps it (docs/api.md). */
export type UserDetails = Omit<NewUser, 'password' | 'confirm_password'>;

// Every change to an account is audited (docs/api.md §6).
export const usersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<User[], void>({
      query: () => '/api/account/users/',
      providesTags: (users) => listTags('User', users),
    }),
    createUser: build.mutation<User, NewUser>({
      query: (user) => ({ url: '/api/account/users/', method: 'POST', body: user }),
      invalidatesTags: onSuccess(() => [listTag('User'), ...derivedTags('user', 'audit')]),
    }),
    // A PATCH: the fields given change, the others keep their values (a reapplied edit sends only its changes).
    updateUser: build.mutation<User, Partial<UserDetails> & { id: number; version: number }>({
      query: ({ version, ...user }) => ({
        url: `/api/account/users/${user.id}/`,
        method: 'PATCH',
        body: user,
        headers: ifMatch(version),
      }),
      // The account may be the caller's own, whose name, role or labs `me` holds.
      invalidatesTags: onSuccessOrStale(
        (user) => [
          idTag('User', user.id),
          wholeTag('Me'),
          ...derivedTags({ topic: 'user', action: 'updated' }, 'audit'),
        ],
        (user) => [idTag('User', user.id)],
      ),
    }),
    deleteUser: build.mutation<void, number>({
      query: (id) => ({ url: `/api/account/users/${id}/`, method: 'DELETE' }),
      invalidatesTags: onSuccess((id) => [
        idTag('User', id),
        ...derivedTags({ topic: 'user', action: 'deleted' }, 'audit'),
      ]),
    }),
    setPassword: build.mutation<{ detail: string }, NewPassword & { id: number }>({
      query: ({ id, ...passwords }) => ({
        url: `/api/account/users/${id}/set_password/`,
        method: 'POST',
        body: passwords,
      }),
      invalidatesTags: onSuccess(() => derivedTags('audit')),
    }),
  }),
});

export const {
  useListUsersQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useSetPasswordMutation,
} = usersApi;
