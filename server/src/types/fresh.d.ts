// `fresh` ships no types; its one function, as its README documents it.
declare module 'fresh' {
  type Headers = Record<string, string | string[] | number | undefined>;
  /** True when a response with `responseHeaders` is still fresh in the cache of the client that sent `requestHeaders`. */
  function fresh(requestHeaders: Headers, responseHeaders: Headers): boolean;
  export = fresh;
}
