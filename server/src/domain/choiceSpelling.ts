/**
 * Finds a listed code as a person or client wrote it. Some codes differ only in case (GHS's H360FD and H360Fd are
 * different statements), so the exact spelling wins; another spelling is read as the code it can only stand for,
 * and one that could stand for several (`h360fd`) as none.
 */
export function choiceBySpelling(choices: readonly string[]): (written: string) => string | undefined {
  const exact = new Set(choices);
  const byFoldedCase = new Map<string, string[]>();
  for (const choice of choices) {
    const key = choice.toLowerCase();
    byFoldedCase.set(key, [...(byFoldedCase.get(key) ?? []), choice]);
  }
  return (written) => {
    if (exact.has(written)) return written;
    const alike = byFoldedCase.get(written.toLowerCase());
    return alike?.length === 1 ? alike[0] : undefined;
  };
}
