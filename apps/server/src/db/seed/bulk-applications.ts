import { applicationStates } from '@credence/contracts';
import { createDataProtector } from '../../platform/crypto.ts';
import type { Db } from '../client.ts';
import { lenders } from '../schema/index.ts';
import { planApplication, type SeedContext, type SeedProduct } from './application-generator.ts';
import { loadSeedContext, loadSeedProducts } from './applications.ts';
import { writeApplicationPlans } from './application-writer.ts';
import { createRandom } from './random.ts';

export type BulkOptions = {
  count: number;
  /** Only this lender (by name); all lenders in turn otherwise. */
  lenderName?: string;
  batchSize?: number;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
};

/**
 * Synthetic applications for benchmarks (search at scale, queues): `count` complete applications spread over
 * the lenders, products and states, written in batches of multi-row INSERTs, each batch one transaction.
 * Deterministic for a given seed. Needs the demo (lenders, products, users) to exist.
 */
export const seedBulkApplications = async (db: Db, dataEncryptionKey: Buffer, options: BulkOptions) => {
  const protector = createDataProtector(dataEncryptionKey);
  const now = new Date();
  const all = await db.select({ id: lenders.id, name: lenders.name }).from(lenders).orderBy(lenders.id);
  const chosen = options.lenderName ? all.filter((l) => l.name === options.lenderName) : all;
  if (chosen.length === 0)
    throw new Error(options.lenderName ? `No lender named ${options.lenderName}` : 'No lenders: seed the demo first');
  const targets: { context: SeedContext; products: SeedProduct[] }[] = [];
  for (const lender of chosen) {
    const products = await loadSeedProducts(db, lender.id);
    if (products.length === 0) throw new Error(`${lender.name} has no loan products: seed the demo first`);
    targets.push({ context: await loadSeedContext(db, lender, protector, now), products });
  }
  const random = createRandom(options.seed ?? 424_242);
  const batchSize = options.batchSize ?? 1000;
  let done = 0;
  while (done < options.count) {
    const size = Math.min(batchSize, options.count - done);
    const plans = Array.from({ length: size }, (_, i) => {
      const index = done + i;
      const target = targets[index % targets.length]!;
      return planApplication(random, target.context, {
        product: random.pick(target.products),
        state: random.pick(applicationStates),
        index,
      });
    });
    await db.transaction((tx) => writeApplicationPlans(tx, plans));
    done += size;
    options.onProgress?.(done, options.count);
  }
  return done;
};
