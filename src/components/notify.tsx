import type { VariantType } from 'notistack';
import { Suspense, lazy, useSyncExternalStore } from 'react';

export interface Toast {
  message: string;
  variant: VariantType;
}

// notistack loads with the first toast, not with the app: most visits never show one, and it would add 6 KiB
// (brotli) to every first load. notify() queues the toast and asks <ToastHost> to mount the toaster, which shows
// the queue once notistack's container is in place and every later toast at once.
const queue: Toast[] = [];
let show: ((toast: Toast) => void) | null = null;
let hostWanted = false;
const hostListeners = new Set<() => void>();

/** Shows a toast that closes when clicked (SPEC §9) and has a dismiss button for keyboard users. */
export function notify(message: string, variant: VariantType = 'default'): void {
  const toast = { message, variant };
  if (show) {
    show(toast);
    return;
  }
  queue.push(toast);
  if (!hostWanted) {
    hostWanted = true;
    hostListeners.forEach((listener) => listener());
  }
}

/** For the toaster: from now on toasts go to `showToast`, starting with those waiting; returns the disconnect. */
export function connectToaster(showToast: (toast: Toast) => void): () => void {
  show = showToast;
  queue.splice(0).forEach(showToast);
  return () => {
    if (show === showToast) show = null;
  };
}

function subscribeToHostWanted(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

const Toaster = lazy(() => import(/* webpackChunkName: "toasts" */ './Toaster'));

/** Where toasts appear; mount it once, beside the app. Renders nothing until the first toast. */
export function ToastHost() {
  // No toast is wanted in a page prerendered at build time (app/prerender.tsx), nor while it hydrates.
  const wanted = useSyncExternalStore(
    subscribeToHostWanted,
    () => hostWanted,
    () => false,
  );
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
