import { createAction, type Middleware } from '@reduxjs/toolkit';
import { apiSlice } from './apiSlice';
import type { ChangeEventData } from './changeTags';
import { CLIENT_ID } from './clientId';
import { meApi } from './me';
import { selectToken, type SessionState } from './session';
import { tagTypes } from './tags';

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

// The topic table is read only when a change arrives, after the page is drawn: loaded then, it stays out of the
// first load of the public area (the mutations that also read it are in the signed-in pages' chunks).
let changeTags: Promise<typeof import('./changeTags')> | undefined;
const loadChangeTags = () => (changeTags ??= import(/* webpackChunkName: "change-tags" */ './changeTags'));

/** Turns the feed's events into invalidations; reducers stay free of them. */
export const changeFeedMiddleware: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (changeArrived.match(action)) {
    if (action.payload.origin === CLIENT_ID) return result;
    const state = store.getState() as SessionState;
    const token = selectToken(state);
    const myId = token === null ? undefined : meApi.endpoints.me.select(token)(state as never).data?.id;
    const event = action.payload;
    void loadChangeTags().then(({ tagsForChange }) =>
      store.dispatch(apiSlice.util.invalidateTags(tagsForChange(event, myId))),
    );
  } else if (changesMissed.match(action) || refreshDue.match(action)) {
    // Every tag type: what was missed, or what the fallback refreshes each minute, may be anywhere.
    store.dispatch(apiSlice.util.invalidateTags([...tagTypes]));
  }
  return result;
};
