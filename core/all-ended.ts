/**
 * Promise.all that settles only once every promise has. A request that fails on one of its parallel statements
 * (a statement timeout, say) answers after the others have ended too, so nothing it started keeps running behind its
 * answer; each of them still ends by the statement timeout. Rejects with the first rejection in the given order.
 */
export async function allEnded<T extends readonly unknown[] | []>(
  values: T,
): Promise<{ -readonly [P in keyof T]: Awaited<T[P]> }> {
  const results = await Promise.allSettled(values);
  for (const result of results) if (result.status === "rejected") throw result.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as {
    -readonly [P in keyof T]: Awaited<T[P]>;
  };
}
