import { apiSlice } from './apiSlice';
import type { LabMembership, Role } from './roles';
import { idTag, listTag, listTags, onSuccess, wholeTag } from './tags';
import { ifMatch, onSuccessOrStale } from './versions';

export interface User {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  is_superuser: boolean;
  role: Role;
  /** By location id; empty unless the role is lab_user. */
  labs: LabMembership[];
  /** Counts the account's changes: an edit names it (docs/api.md §28). */
  version: number;
}

export interface UserDetails {
  email: string;
  first_name: string;
  last_name: string;
  /** Without it, a new account is a store manager and an edit keeps the role (docs/api.md). */
  role?: Role;
  /** At least one for a lab user. */
  labs?: LabMembership[];
}

export interface NewPassword {
  password: string;
  confirm_password: string;
}

export type NewUser = UserDetails & NewPassword;

// Every change to an account is audited (docs/api.md §6).
export const usersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<User[], void>({
      query: () => '/api/account/users/',
      providesTags: (users) => listTags('User', users),
    }),
    createUser: build.mutation<User, NewUser>({
      query: (user) => ({ url: '/api/account/users/', method: 'POST', body: user }),
      invalidatesTags: onSuccess(() => [listTag('User'), listTag('Audit')]),
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
        (user) => [idTag('User', user.id), listTag('Audit'), wholeTag('Me')],
        (user) => [idTag('User', user.id)],
      ),
    }),
    deleteUser: build.mutation<void, number>({
      query: (id) => ({ url: `/api/account/users/${id}/`, method: 'DELETE' }),
      invalidatesTags: onSuccess((id) => [idTag('User', id), listTag('Audit')]),
    }),
    setPassword: build.mutation<{ detail: string }, NewPassword & { id: number }>({
      query: ({ id, ...passwords }) => ({
        url: `/api/account/users/${id}/set_password/`,
        method: 'POST',
        body: passwords,
      }),
      invalidatesTags: onSuccess(() => [listTag('Audit')]),
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
