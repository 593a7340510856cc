// The only reader of build-time settings: webpack's DefinePlugin replaces each `process.env.X` literally.

// RTK Query needs an absolute base URL (a relative one fails under Node); empty means the origin serving the SPA.
// Prerendering the first screens at build time (app/prerender.tsx) runs in Node without a page: nothing those
// screens render uses the API's address, so any origin does.
function absoluteUrl(base: string): string {
  const page = typeof window === 'undefined' ? 'http://localhost/' : window.location.href;
  return withoutTrailingSlashes(new URL(base || '/', page).href);
}

// A loop, not /\/+$/: that pattern retries from every slash of a long run (quadratic), which the lint refuses.
function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}

export const config = {
  apiBaseUrl: absoluteUrl(process.env.API_BASE_URL ?? ''),
  tokenStorageKey: process.env.TOKEN_STORAGE_KEY || 'labstore.accessToken',
  /** Without a trailing slash: file paths begin with one. */
  fileBaseUrl: withoutTrailingSlashes(process.env.FILE_BASE_URL ?? ''),
} as const;
