// jest-fixed-jsdom ships no types: it is jest-environment-jsdom with Node's fetch, streams and Blob put back.
declare module 'jest-fixed-jsdom' {
  export { default } from 'jest-environment-jsdom';
}
