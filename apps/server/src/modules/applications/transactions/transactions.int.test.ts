import { messages } from '@credence/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAutoApplication, productId, signIn, SUMMIT, type ApiClient } from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let officer: ApiClient;
let dealerId: number;

beforeAll(async () => {
  t = await createTestApp();
  officer = await signIn(t, 'officer', 'Officer2026');
  dealerId = (await officer.get('/api/dealers?enabled=true')).json().data[0].id;
});
afterAll(() => t.close());

const create = async (product = 'New Auto', extra: object = {}) => {
  const response = await officer.post('/api/applications', {
    ...newAutoApplication(await productId(t, SUMMIT, product)),
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};

const seller = {
  sellingPrice: '18500.00',
  sellerNames: 'Chris and Alex Moore',
  phoneNumber: '3035550190',
  address: { addressLine1: '9 Elm St', city: 'Denver', state: 'CO', zip: '80203' },
  hasLien: true,
};
const lien = {
  lienholder: 'Chase Auto',
  accountNumber: '4455',
  payoffAmount: '9200.00',
  perDiem: '2.15',
  goodThrough: '2026-12-01',
};

describe('transaction', () => {
  it('saves a buyer/seller purchase with the seller lien, and keeps only what applies to the type', async () => {
    const id = await create();
    const response = await officer.post(`/api/applications/${id}/transaction`, {
      transactionType: 'BUYER_SELLER',
      purpose: 'Private party purchase',
      sellers: [seller],
      lien,
      internalRefinance: { memberNumber: '1', loanNumber: '2' },
      dealerPurchase: { dealership: 'Ignored' },
      tradeIns: [{ year: 2015, make: 'Subaru', model: 'Forester', lienHolderName: null, monthlyPayment: '' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      transactionType: 'BUYER_SELLER',
      purpose: 'Private party purchase',
      dealerId: null,
      sellers: [{ sellerNames: 'Chris and Alex Moore', hasLien: true, address: { city: 'Denver' } }],
      lien: { lienholder: 'Chase Auto', payoffAmount: '9200.00', perDiem: '2.15' },
      internalRefinance: null,
      dealerPurchase: null,
      tradeIns: [{ make: 'Subaru', monthlyPayment: null }],
    });
    expect((await officer.get(`/api/applications/${id}/transaction`)).json()).toEqual(response.json());

    const noLien = await officer.post(`/api/applications/${id}/transaction`, {
      transactionType: 'BUYER_SELLER',
      sellers: [{ ...seller, hasLien: false }],
      lien,
    });
    expect(noLien.json().lien).toBeNull();
    const history = (await officer.get(`/api/applications/${id}/history`)).json();
    expect(history[0]).toMatchObject({ action: 'Transaction updated', entity: 'Transaction' });
    expect(history[0].changes).toContainEqual({
      entity: 'Transaction',
      entityId: id,
      property: 'lien.lienholder',
      oldValue: 'Chase Auto',
      newValue: null,
    });
  });

  it('saves a dealer purchase with its dealer, a refinance with its lien, an internal refinance', async () => {
    const id = await create();
    const dealer = await officer.post(`/api/applications/${id}/transaction`, {
      transactionType: 'DEALER',
      dealerId,
      dealerPurchase: { dealership: 'Front Range Toyota', amountToDealer: '27995.00', attention: 'F&I' },
    });
    expect(dealer.json()).toMatchObject({ dealerId, dealerPurchase: { amountToDealer: '27995.00' } });
    expect((await officer.get(`/api/applications/${id}`)).json().dealer.id).toBe(dealerId);
    const refinance = await officer.post(`/api/applications/${id}/transaction`, { transactionType: 'REFINANCE', lien });
    expect(refinance.json()).toMatchObject({ dealerId: null, dealerPurchase: null, lien: { accountNumber: '4455' } });
    const internal = await officer.post(`/api/applications/${id}/transaction`, {
      transactionType: 'INTERNAL_REFINANCE',
      internalRefinance: { memberNumber: '4455667', loanNumber: '0042', payoffAmount: '12000.00', perDiem: '' },
    });
    expect(internal.json()).toMatchObject({ lien: null, internalRefinance: { loanNumber: '0042', perDiem: null } });
  });

  it('checks the rules: type only for direct vehicle loans, the parts each type needs', async () => {
    const id = await create();
    const cases: [object, { field: string; message: string }[]][] = [
      [{ transactionType: 'DEALER' }, [{ field: 'dealerId', message: messages.applications.dealerRequired }]],
      [
        { transactionType: 'DEALER', dealerId: 2147483000 },
        [{ field: 'dealerId', message: messages.applications.dealerNotFound }],
      ],
      [{ transactionType: 'BUYER_SELLER' }, [{ field: 'sellers', message: messages.applications.sellerRequired }]],
      [
        { transactionType: 'INTERNAL_REFINANCE' },
        [{ field: 'internalRefinance', message: messages.applications.internalRefinanceRequired }],
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await officer.post(`/api/applications/${id}/transaction`, body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    const personal = await create('Personal Loan', {
      collaterals: [],
      insurance: null,
      request: { paymentFrequencyId: 'Monthly', estAmtFinanced: '8000.00', termMonths: 36 },
    });
    const refused = await officer.post(`/api/applications/${personal}/transaction`, { transactionType: 'REFINANCE' });
    expect(refused.json().errors).toEqual([
      { field: 'transactionType', message: messages.applications.transactionTypeNotAllowed },
    ]);
    expect((await officer.post(`/api/applications/${personal}/transaction`, { purpose: 'Vacation' })).statusCode).toBe(
      200,
    );
  });
});
