/**
 * Use-case deps whose clock throws the first time it is read: a refund's write, right after
 * Stripe answered, never happens (what a database outage at that moment does). Later reads work.
 */
export function failingFirstWrite<T extends { clock: () => Date }>(deps: T): T {
  let failNext = true;
  return {
    ...deps,
    clock: () => {
      if (!failNext) return deps.clock();
      failNext = false;
      throw new Error("the database went away");
    },
  };
}
