import { createAction, type Middleware } from '@reduxjs/toolkit';
import { apiSlice } from './apiSlice';
import { EVERY_TAG, tagsForChange, type ChangeEventData } from './changeTags';
import { CLIENT_ID } from './clientId';
import { meApi } from './me';
import { selectToken, type SessionState } from './session';

// The change feed (docs/api.md §27): the server's stream of committed changes, turned into cache invalidations so
// every open page shows a change made in another tab, by another person or through another server process.

/** A change committed elsewhere arrived; its topic's lists and reads refetch. */
export const changeArrived = createAction<ChangeEventData>('changeFeed/changeArrived');
/** The stream is open and caught up. */
export const feedOpened = createAction('changeFeed/feedOpened');
/** The server could not replay what this page missed: everything shown refetches. */
export const changesMissed = createAction('changeFeed/changesMissed');
/** The stream cannot be kept open (a proxy blocks it, or the browser has none): pages refetch on focus and each minute. */
export const feedUnavailable = createAction('changeFeed/feedUnavailable');
/** The fallback's turn: the page came back into focus, or a minute passed. */
export const refreshDue = createAction('changeFeed/refreshDue');

/** Turns the feed's events into invalidations; reducers stay free of them. */
export const changeFeedMiddleware: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (changeArrived.match(action)) {
    if (action.payload.origin === CLIENT_ID) return result;
    const state = store.getState() as SessionState;
    const token = selectToken(state);
    const myId = token === null ? undefined : meApi.endpoints.me.select(token)(state as never).data?.id;
    store.dispatch(apiSlice.util.invalidateTags(tagsForChange(action.payload, myId)));
  } else if (changesMissed.match(action) || refreshDue.match(action)) {
    store.dispatch(apiSlice.util.invalidateTags(EVERY_TAG));
  }
  return result;
};
