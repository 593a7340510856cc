/**
 * How many turns of the event loop other work got while `work` ran: 0 when it held the loop from start to end
 * (other requests would have waited for all of it).
 */
export async function turnsOfTheEventLoopWhile(work: Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const turn = () => {
    if (done) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    await work;
  } finally {
    done = true;
  }
  return turns;
}
