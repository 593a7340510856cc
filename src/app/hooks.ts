import { skipToken } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector } from 'react-redux';
import { useMeQuery } from '../api/me';
import { changesStore } from '../api/roles';
import { selectToken } from '../api/session';
import type { AppDispatch, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** The signed-in person as the server answers `me`: the SPA's only source of the role (never the token). */
export function useMe() {
  const token = useAppSelector(selectToken);
  return useMeQuery(token ?? skipToken);
}

/**
 * Whether the admin area offers the controls that change the store (New, Edit, Delete, Submit, Merge, Undo, Upload,
 * Import, Return): the pages ask this one hook instead of each checking a role. Until `me` answers, nothing is
 * offered, so an auditor never sees a control flash by.
 */
export function useCanChangeStore(): boolean {
  const { data: me } = useMe();
  return me !== undefined && changesStore(me.role);
}
