// What a person changed in a form: the values it holds against the ones it opened with. Form values are plain
// data (text, numbers, lists of codes or of memberships), so two are the same when they serialise the same.

/** Whether two form values are the same data. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields whose value in `yours` differs from the one the form started from. */
export function changedFields<V extends object>(started: V, yours: V): Partial<V> {
  return Object.fromEntries(
    Object.entries(yours).filter(([key, value]) => !sameValue(started[key as keyof V], value)),
  ) as Partial<V>;
}

/** Whether a form holds anything other than what it opened with. */
export function formChanged<V extends object>(started: V, yours: V): boolean {
  return Object.keys(changedFields(started, yours)).length > 0;
}
