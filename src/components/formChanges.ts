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

/**
 * An edit reapplied after a conflict: the fields the person changed since the form started (what is sent, alone),
 * and the form as it reads next, the current row with those changes on top. A field they left alone takes the
 * current value, so a change made meanwhile by someone else stays.
 */
export function reapplied<V extends object>(
  started: V,
  yours: V,
  current: V,
): { changes: Partial<V>; values: V } {
  const changes = changedFields(started, yours);
  return { changes, values: { ...current, ...changes } };
}

/** Whether a form holds anything other than what it opened with. */
export function formChanged<V extends object>(started: V, yours: V): boolean {
  return Object.keys(changedFields(started, yours)).length > 0;
}
