import { crossSellsResource, adminMessages, type CrossSellSetting } from '@credence/contracts';
import { sql } from 'drizzle-orm';
import { crossSellSettings, loanProducts } from '../../db/schema/index.ts';
import { crudModule } from '../../platform/crud.ts';
import { fieldError } from '../../platform/errors.ts';
import { findEnabledLoanProduct, findLoanProduct } from '../loan-products/loan-products.repository.ts';

type Stored = typeof crossSellSettings.$inferSelect;

/** The product's name as a list column (sort, quick search); row-level security keeps it to the lender. */
const loanProductName = sql`(select ${loanProducts.name} from ${loanProducts} where ${loanProducts.id} = ${crossSellSettings.loanProductId})`;

/**
 * Administration › Cross Sell Settings: the kit's verbs on the settings the Cross Sell dialog prices its offers
 * from (modules/applications/cross-sell). A setting opens applications of one of the lender's enabled products.
 */
export const crossSellsModule = crudModule(crossSellsResource, {
  table: crossSellSettings,
  columns: { loanProductName },
  toRow: async (row: Stored, { tx }): Promise<CrossSellSetting> => ({
    id: row.id,
    name: row.name,
    crossSellType: row.crossSellType as CrossSellSetting['crossSellType'],
    description: row.description,
    loanProductId: row.loanProductId,
    loanProductName: (await findLoanProduct(tx, row.loanProductId))?.name ?? '',
    tradelineLoanTypes: row.tradelineLoanTypes,
    minimumBalance: row.minimumBalance,
    baseRatePercent: row.baseRatePercent,
    termOptions: row.termOptions,
    offerAmount: row.offerAmount,
    enabled: row.enabled,
  }),
  beforeWrite: async ({ tx }, values, existing) => {
    // Keeping a product that has since been disabled is allowed; choosing one is not.
    const productId = values.loanProductId;
    if (productId === undefined || productId === existing?.loanProductId) return;
    const product = await findEnabledLoanProduct(tx, productId);
    if (!product || product.isBusinessLoan)
      throw fieldError('loanProductId', adminMessages.crossSell.productUnavailable);
  },
});
