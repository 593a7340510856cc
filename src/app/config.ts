// The only reader of build-time settings: webpack's DefinePlugin replaces each `process.env.X` literally.

// RTK Query needs an absolute base URL (a relative one fails under Node); empty means the origin serving the SPA.
function absoluteUrl(base: string): string {
  return new URL(base || '/', window.location.href).href.replace(/\/+$/, '');
}

export const config = {
  apiBaseUrl: absoluteUrl(process.env.API_BASE_URL ?? ''),
  tokenStorageKey: process.env.TOKEN_STORAGE_KEY || 'labstore.accessToken',
  fileBaseUrl: process.env.FILE_BASE_URL ?? '',
} as const;
