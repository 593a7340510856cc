import { useEffect, useRef } from 'react';

/** What counts as someone using the screen. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel'] as const;

/** Calls `onIdle` once `timeoutMs` pass without a pointer, key or touch event, and again after each later pause. */
export function useIdleTimer(timeoutMs: number | null, onIdle: () => void): void {
  const latest = useRef(onIdle);
  useEffect(() => {
    latest.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    if (timeoutMs === null) return;
    let timer = setTimeout(() => latest.current(), timeoutMs);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), timeoutMs);
    };
    for (const eventType of ACTIVITY_EVENTS)
      window.addEventListener(eventType, restart, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const eventType of ACTIVITY_EVENTS)
        window.removeEventListener(eventType, restart, { capture: true });
    };
  }, [timeoutMs]);
}
