/**
 * Rejects, as a lost connection would, when `work` has not settled within `ms`. A connection
 * broken mid-query (a database restart, a failover) can leave a postgres.js query waiting for ever
 * (seen in the crash test: a backend waiting in ClientRead for minutes); callers that must go on
 * give up on it and try again on another connection. The abandoned query is not cancelled.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, what = "the database"): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          Object.assign(new Error(`no answer from ${what} in ${ms} ms`), {
            code: "CONNECT_TIMEOUT",
          }),
        ),
      ms,
    );
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
