type Pending<I, O> = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };

/**
 * Group commit: calls that arrive while a batch is running wait and then run together as the next
 * batch (those of one event-loop turn start together). With one embedded database connection, 50
 * requests at once otherwise queue for 50 transactions; together they share a few statements.
 * `run` settles each input in order; if it throws, every call of that batch rejects with the error.
 */
export function batched<I, O>(
  run: (inputs: I[]) => Promise<PromiseSettledResult<O>[]>,
  options: { maxBatch: number },
): (input: I) => Promise<O> {
  const queue: Pending<I, O>[] = [];
  let running = false;
  let scheduled = false;

  const schedule = () => {
    if (scheduled || running || queue.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void flush();
    });
  };

  const flush = async () => {
    running = true;
    const batch = queue.splice(0, options.maxBatch);
    try {
      const outputs = await run(batch.map((p) => p.input));
      batch.forEach((p, i) => {
        const output = outputs[i]!;
        if (output.status === 'fulfilled') p.resolve(output.value);
        else p.reject(output.reason);
      });
    } catch (error) {
      for (const p of batch) p.reject(error);
    } finally {
      running = false;
      schedule();
    }
  };

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      schedule();
    });
}

/**
 * A batched lookup by key for one database (connection pool or embedded engine): `load(key)` calls
 * made together become one `find(keys)` query. `find` answers the rows it found, `keyOf` says whose.
 */
export function batchedLookup<D extends object, K, R>(
  find: (db: D, keys: K[]) => Promise<R[]>,
  keyOf: (row: R) => K,
  options: { maxBatch: number },
): (db: D, key: K) => Promise<R | null> {
  const perDatabase = new WeakMap<D, (key: K) => Promise<R | null>>();
  return (db, key) => {
    let load = perDatabase.get(db);
    if (!load) {
      load = batched(async (keys: K[]) => {
        const rows = await find(db, [...new Set(keys)]);
        const byKey = new Map(rows.map((row) => [keyOf(row), row]));
        return keys.map((k) => ({ status: 'fulfilled' as const, value: byKey.get(k) ?? null }));
      }, options);
      perDatabase.set(db, load);
    }
    return load(key);
  };
}
