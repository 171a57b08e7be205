/**
 * Sample request bodies, without the test app: the API tests and the benchmarks (bench/faults) send the same ones.
 */

/** A valid create-application body for Summit's New Auto (direct, no transaction type yet). */
export const newAutoApplication = (loanProductId: number) => ({
  loanProductId,
  direct: true,
  applicants: [
    {
      applicantRole: 'PRIMARY',
      firstName: 'Dana',
      lastName: 'Kowalski',
      dob: '1986-04-12',
      maritalStatus: 'MARRIED',
      socialSecurityNumber: '123-45-6789',
      memberNumber: '4455667',
      addresses: [{ addressLine1: '1450 Juniper Ct', city: 'Boulder', state: 'CO', zip: '80304' }],
      phoneNumbers: [{ number: '3035550142', preferredContact: true }],
      emails: [{ email: 'dana.kowalski@example.com' }],
      employments: [
        {
          status: 'EMPLOYED',
          employer: 'Ball Corporation',
          occupation: 'Engineer',
          yearsEmployed: 6,
          monthsEmployed: 3,
          salary: '98000.00',
          payPeriod: 'Annually',
          isCurrent: true,
        },
      ],
      govtIssuedIds: [{ govtIdType: 'STATE_DRIVERS_LICENSE', number: 'D12345678', state: 'CO', country: 'US' }],
      finances: [
        { description: 'Mortgage', type: 'Housing', amount: '1850.00', isIncome: false, balance: '310000.00' },
      ],
      assets: [{ description: 'Savings', type: 'Deposit', amount: '15000.00' }],
    },
    {
      applicantRole: 'CO_APPLICANT',
      firstName: 'Sam',
      lastName: 'Kowalski',
      maritalStatus: 'MARRIED',
      socialSecurityNumber: '987-65-4321',
      addresses: [{ addressLine1: '1450 Juniper Ct', city: 'Boulder', state: 'CO', zip: '80304' }],
    },
  ],
  request: {
    negotiatedPrice: '31995.00',
    ttlEstimate: '2399.63',
    cashDown: '4000.00',
    rebate: '500.00',
    netTradeIn: '-1250.00',
    otherFrontEndFees: [
      { name: 'Documentation fee', value: '499.00' },
      { name: 'Title and registration', value: '126.40' },
    ],
    gap: '595.00',
    warranty: '1895.00',
    termMonths: 72,
    paymentFrequencyId: 'Monthly',
    value: '31995.00',
  },
  collaterals: [
    {
      family: 'Auto',
      type: 'AUTO',
      identificationNumber: '1HGCM82633A004352',
      year: 2024,
      make: 'Toyota',
      model: 'Camry',
      style: 'SE Sedan 4D',
      mileage: 12,
      value: '31995.00',
      liens: [{ lienholder: 'Ally Financial', payoffAmount: '', perDiem: '' }],
    },
  ],
  insurance: { company: 'State Farm', policyNumber: 'PA-550012345', expirationDate: '2027-05-01' },
});
