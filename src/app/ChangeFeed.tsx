import { useEffect, useRef } from 'react';
import { apiUrl } from '../api/baseQuery';
import { changeArrived, changesMissed, feedOpened, feedUnavailable, refreshDue } from '../api/changeFeed';
import { CHANGE_TOPIC_NAMES, type ChangeEventData } from '../../server/src/domain/changeTopics';
import { selectToken } from '../api/session';
import { useAppDispatch, useAppSelector } from './hooks';
import type { AppDispatch } from './store';

/** Without a stream, pages refetch what they show this often (and whenever the window comes back into focus). */
export const FALLBACK_REFRESH_MS = 60_000;
/**
 * A stream that has not said `ready` this long after opening or losing its connection is taken as blocked (a proxy
 * that buffers or refuses it): the fallback refetches meanwhile, and stops once the stream is ready again.
 */
export const STREAM_READY_TIMEOUT_MS = 10_000;
/** After the browser gave up on the stream for good (an answer that is no stream), a new one is tried this late. */
export const STREAM_RETRY_MS = 60_000;

/** Refetching on focus and every `refreshMs`; returns its stop. */
function startFallback(dispatch: AppDispatch, refreshMs: number): () => void {
  const refresh = () => dispatch(refreshDue());
  const onVisible = () => {
    if (document.visibilityState === 'visible') refresh();
  };
  window.addEventListener('focus', refresh);
  document.addEventListener('visibilitychange', onVisible);
  const timer = window.setInterval(refresh, refreshMs);
  dispatch(feedUnavailable());
  return () => {
    window.removeEventListener('focus', refresh);
    document.removeEventListener('visibilitychange', onVisible);
    window.clearInterval(timer);
  };
}

/**
 * Keeps this page listening to the server's change feed (docs/api.md §27) as the signed-in person, or as the public
 * when signed out: a new stream for each sign-in or sign-out, resuming after the last event seen, so no change is
 * missed across it. Renders nothing.
 */
export function ChangeFeed({
  refreshMs = FALLBACK_REFRESH_MS,
  readyTimeoutMs = STREAM_READY_TIMEOUT_MS,
  retryMs = STREAM_RETRY_MS,
}: {
  /** The times above, which tests shorten. */
  refreshMs?: number;
  readyTimeoutMs?: number;
  retryMs?: number;
}) {
  const token = useAppSelector(selectToken);
  const dispatch = useAppDispatch();
  const lastEventId = useRef<string | null>(null);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return startFallback(dispatch, refreshMs);
    let source: EventSource | undefined;
    let stopFallback: (() => void) | undefined;
    let readyTimer: number | undefined;
    let retryTimer: number | undefined;

    const fallBack = () => {
      stopFallback ??= startFallback(dispatch, refreshMs);
    };
    const awaitReady = () => {
      window.clearTimeout(readyTimer);
      readyTimer = window.setTimeout(fallBack, readyTimeoutMs);
    };
    const seen = (event: MessageEvent<string>) => {
      if (event.lastEventId) lastEventId.current = event.lastEventId;
    };

    const open = () => {
      const url = new URL(apiUrl('/api/events/'));
      if (token !== null) url.searchParams.set('access_token', token);
      if (lastEventId.current !== null) url.searchParams.set('last_event_id', lastEventId.current);
      const stream = new EventSource(url);
      source = stream;
      awaitReady();
      stream.addEventListener('ready', (event: MessageEvent<string>) => {
        seen(event);
        window.clearTimeout(readyTimer);
        stopFallback?.();
        stopFallback = undefined;
        dispatch(feedOpened());
      });
      stream.addEventListener('reload', (event: MessageEvent<string>) => {
        seen(event);
        dispatch(changesMissed());
      });
      const onChange = (event: MessageEvent<string>) => {
        seen(event);
        dispatch(changeArrived(JSON.parse(event.data) as ChangeEventData));
      };
      for (const topic of CHANGE_TOPIC_NAMES) stream.addEventListener(topic, onChange);
      stream.addEventListener('error', () => {
        if (stream.readyState === EventSource.CLOSED) {
          // The browser does not retry an answer that is no event stream; a proxy in the way may let one through later.
          window.clearTimeout(readyTimer);
          fallBack();
          stream.close();
          retryTimer = window.setTimeout(open, retryMs);
        } else {
          // The browser reconnects by itself, sending the last event id; until it is ready again, the fallback covers.
          awaitReady();
        }
      });
    };

    open();
    return () => {
      source?.close();
      window.clearTimeout(readyTimer);
      window.clearTimeout(retryTimer);
      stopFallback?.();
    };
  }, [token, dispatch, refreshMs, readyTimeoutMs, retryMs]);

  return null;
}
