/**
 * Runs `batch` (which changes at most `batchSize` rows and says how many it changed) until one
 * comes back short or `maxBatches` have run, and returns the rows changed: background passes
 * (retention) work in short transactions and leave what remains for their next pass.
 */
export async function repeatBatches(
  batch: () => Promise<number>,
  limits: { batchSize: number; maxBatches: number },
): Promise<number> {
  let total = 0;
  for (let i = 0; i < limits.maxBatches; i++) {
    const changed = await batch();
    total += changed;
    if (changed < limits.batchSize) break;
  }
  return total;
}
