/**
 * Like Promise.all, but every promise settles before the first error is thrown. Statements sent
 * together on a transaction's connection must all be done before the error leaves the
 * transaction: otherwise its ROLLBACK races statements still on their way.
 */
export async function settleAll<T>(promises: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(promises);
  const failure = settled.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failure) throw failure.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<T>).value);
}
