import v8 from 'node:v8';
import vm from 'node:vm';

/** A full garbage collection, for before/after heap figures (`--expose-gc` set at run time). */
export function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}
