import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import StarIcon from '@mui/icons-material/Star';
import {
  applicantRoleLabels,
  applicationSourceLabels,
  controlTypeLabels,
  govtIdTypeLabels,
  maritalStatusLabels,
  paymentFrequencyLabels,
  phoneTypes,
  transactionTypeLabels,
  type Applicant,
  type Application,
  type Collateral,
  type Dealer,
} from '@credence/contracts';
import { money } from '@credence/domain';
import { formatPercent, showMoney } from '../../../components/form/values.ts';
import { enumLabel } from '../../../components/form/fields.tsx';
import { isVehicleProduct } from '../forms/request-model.ts';
import { collateralTitle, collateralTypeLabel } from '../forms/collateral-model.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { DataList, formatDate, Lines, SubHeading } from './view-parts.tsx';
import { formatPhone } from '../../../components/form/phone.ts';
import { RevealableSsn } from '../../mfa/index.ts';

const phoneTypeName = (id: number) => phoneTypes.find((p) => p.id === id)?.name ?? 'Phone';
const preferred = (
  <StarIcon
    sx={{ fontSize: 14, color: 'warning.main', verticalAlign: 'text-bottom', ml: 0.5 }}
    titleAccess="Preferred contact"
  />
);

export const applicantName = (a: Pick<Applicant, 'isBusiness' | 'companyName' | 'firstName' | 'lastName'>) =>
  a.isBusiness ? (a.companyName ?? '') : [a.firstName, a.lastName].filter(Boolean).join(' ');

const addressLine = (a: {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}) =>
  [
    [a.addressLine1, a.addressLine2].filter(Boolean).join(', '),
    [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ]
    .filter(Boolean)
    .join(', ');

/** Channel and product: created, status, source, product, Direct or Indirect, dealer. */
export const ChannelSection = ({ application }: { application: Application }) => (
  <DataList
    min={150}
    items={[
      { label: 'Loan Product', value: application.loanProduct.name, strong: true },
      { label: 'Control Type', value: controlTypeLabels[application.loanProduct.controlType] },
      { label: 'Channel', value: application.direct ? 'Direct' : 'Indirect', testId: 'channel' },
      { label: 'Status', value: enumLabel(application.state) },
      { label: 'Source', value: applicationSourceLabels[application.source] },
      {
        label: 'Created',
        value: `${formatDateTime(application.createdUtcTime)}${application.createdByUser ? ` by ${application.createdByUser.name}` : ''}`,
      },
      application.dealer ? { label: 'Dealer', value: <DealerLine dealer={application.dealer} /> } : null,
    ]}
  />
);

const DealerLine = ({ dealer }: { dealer: Dealer }) => (
  <>
    {dealer.name}
    {dealer.phoneNumber ? (
      <Typography component="span" variant="body2" color="text.secondary">
        {' '}
        · {formatPhone(dealer.phoneNumber)}
      </Typography>
    ) : null}
  </>
);

const ApplicantColumn = ({
  a,
  showBusinessRole,
  applicationId,
}: {
  a: Applicant;
  showBusinessRole: boolean;
  applicationId: number;
}) => (
  <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} data-testid="applicant-card">
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
        {applicantName(a)}
      </Typography>
      <Chip
        size="small"
        label={applicantRoleLabels[a.applicantRole]}
        color={a.applicantRole === 'PRIMARY' ? 'primary' : 'default'}
      />
      {a.isBusiness ? <Chip size="small" label="Business" variant="outlined" /> : null}
    </Box>
    <DataList
      min={130}
      items={
        a.isBusiness
          ? [
              { label: 'Member Number', value: a.memberNumber },
              { label: 'EIN', value: a.employerIdentificationNumber },
              { label: 'NAICS/SIC', value: a.companyNaicsSic },
              { label: 'Entity Type', value: a.businessEntityType ? enumLabel(a.businessEntityType) : null },
              { label: 'Established', value: formatDate(a.companyEstablishedDate) },
              { label: 'State Organized', value: a.companyState },
              { label: 'Company Phone', value: formatPhone(a.companyPhoneNumber) },
              {
                label: 'Gross Income',
                value: a.companyGrossIncome
                  ? `${showMoney(a.companyGrossIncome)}${a.companyGrossIncomeFrequency ? ` ${paymentFrequencyLabels[a.companyGrossIncomeFrequency]}` : ''}`
                  : null,
              },
              { label: 'Monthly Debt', value: a.companyDebt ? showMoney(a.companyDebt) : null },
            ]
          : [
              { label: 'Member Number', value: a.memberNumber },
              {
                label: 'SSN',
                value: a.socialSecurityNumber ? (
                  <RevealableSsn applicationId={applicationId} applicantId={a.id} masked={a.socialSecurityNumber} />
                ) : null,
              },
              { label: 'Date of Birth', value: formatDate(a.dob) },
              { label: 'Marital Status', value: a.maritalStatus ? maritalStatusLabels[a.maritalStatus] : null },
              showBusinessRole
                ? { label: 'Company Role', value: a.companyRole ? enumLabel(a.companyRole) : null }
                : null,
              showBusinessRole
                ? {
                    label: 'Ownership',
                    value: a.ownershipPercentage === null ? null : `${formatPercent(a.ownershipPercentage)}%`,
                  }
                : null,
            ]
      }
    />
    <SubHeading>Addresses</SubHeading>
    <Lines lines={a.addresses.map((x) => addressLine(x))} />
    <SubHeading>Phones</SubHeading>
    <Lines
      lines={a.phoneNumbers.map((p) => (
        <>
          {formatPhone(p.number)} ({phoneTypeName(p.phoneType)}){p.preferredContact ? preferred : null}
        </>
      ))}
    />
    <SubHeading>Emails</SubHeading>
    <Lines
      lines={a.emails.map((e) => (
        <>
          {e.email}
          {e.preferredContact ? preferred : null}
        </>
      ))}
    />
    {a.isBusiness ? null : (
      <>
        <SubHeading>Employment</SubHeading>
        <Lines
          lines={a.employments.map((e) =>
            [
              enumLabel(e.status),
              e.employer,
              e.occupation,
              e.salary ? `${showMoney(e.salary)}${e.payPeriod ? ` ${paymentFrequencyLabels[e.payPeriod]}` : ''}` : null,
              e.yearsEmployed !== null ? `${e.yearsEmployed} yr` : null,
              e.monthsEmployed !== null ? `${e.monthsEmployed} mo` : null,
              e.isCurrent ? 'Current' : 'Previous',
            ]
              .filter(Boolean)
              .join(' · '),
          )}
        />
        <SubHeading>Government IDs</SubHeading>
        <Lines
          lines={a.govtIssuedIds.map((g) =>
            [
              govtIdTypeLabels[g.govtIdType],
              g.number,
              g.state,
              g.expirationDate ? `expires ${formatDate(g.expirationDate)}` : null,
            ]
              .filter(Boolean)
              .join(' · '),
          )}
        />
      </>
    )}
    <SubHeading>Other Income / Debt</SubHeading>
    <Lines
      lines={a.finances.map((f) =>
        [
          f.isIncome ? 'Income' : 'Debt',
          f.type,
          f.description,
          `${showMoney(f.amount)}/mo`,
          !f.isIncome && f.balance ? `balance ${showMoney(f.balance)}` : null,
        ]
          .filter(Boolean)
          .join(' · '),
      )}
    />
    <SubHeading>Assets</SubHeading>
    <Lines
      lines={a.assets.map((x) =>
        [
          x.type,
          x.description,
          showMoney(x.amount),
          x.loanBalance ? `balance ${showMoney(x.loanBalance)}` : null,
          x.loanBalance ? `net ${showMoney(money(x.amount).minus(x.loanBalance).toFixed(2))}` : null,
        ]
          .filter(Boolean)
          .join(' · '),
      )}
    />
  </Paper>
);

/** One column per applicant, primary first (spec 3 §2 summary layout). */
export const ApplicantsSection = ({ application }: { application: Application }) => {
  const list = [...application.applicants].sort(
    (a, b) => Number(b.applicantRole === 'PRIMARY') - Number(a.applicantRole === 'PRIMARY'),
  );
  if (list.length === 0) return <Typography color="text.secondary">No Applicant Data Found</Typography>;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))', gap: 1.5 }}>
      {list.map((a) => (
        <ApplicantColumn
          key={a.id}
          a={a}
          showBusinessRole={application.loanProduct.isBusinessLoan}
          applicationId={application.id}
        />
      ))}
    </Box>
  );
};

/** The request with money formatted; vehicle products show their itemization. */
export const RequestSection = ({ application }: { application: Application }) => {
  const r = application.request;
  const controlType = application.loanProduct.controlType;
  const vehicle = isVehicleProduct(controlType);
  const frequency = r.paymentFrequencyId ? paymentFrequencyLabels[r.paymentFrequencyId] : null;
  return (
    <Box>
      <DataList
        min={150}
        items={[
          {
            label: 'Estimated Amount Financed',
            value: showMoney(r.estAmtFinanced),
            strong: true,
            testId: 'request-estimated-amount',
          },
          controlType === 'CREDIT_CARD'
            ? { label: 'Requested Credit Limit', value: showMoney(r.requestedAmount) }
            : null,
          controlType === 'CREDIT_CARD'
            ? null
            : { label: 'Term', value: r.termMonths === null ? null : `${r.termMonths} months`, testId: 'request-term' },
          { label: 'Payment Frequency', value: frequency },
          controlType === 'CREDIT_CARD'
            ? null
            : { label: 'Balloon Amount', value: r.residualAmount ? showMoney(r.residualAmount) : null },
          controlType === 'CREDIT_CARD' || controlType === 'PERSONAL'
            ? null
            : {
                label: controlType === 'HEL' ? 'Home Value' : vehicle ? 'Vehicle Value' : 'Collateral Value',
                value: r.value ? showMoney(r.value) : null,
              },
          controlType === 'CREDIT_CARD' ? { label: 'Open Ended', value: r.isOpenEnded ? 'Yes' : 'No' } : null,
          controlType === 'CREDIT_CARD'
            ? { label: 'Increase Existing Limit', value: r.increaseExistingCreditLimit ? 'Yes' : 'No' }
            : null,
        ]}
      />
      {vehicle ? (
        <>
          <Divider sx={{ my: 1.5 }} />
          <SubHeading>Loan Itemization</SubHeading>
          <DataList
            min={150}
            items={[
              { label: 'Sales Price', value: showMoney(r.negotiatedPrice), testId: 'request-sales-price' },
              { label: 'TT&L', value: showMoney(r.ttlEstimate) },
              { label: 'Cash Down', value: showMoney(r.cashDown) },
              { label: 'Rebate', value: showMoney(r.rebate) },
              { label: 'Trade In', value: showMoney(r.netTradeIn) },
              { label: 'Total Down Payment', value: showMoney(r.totalDownPayment) },
              { label: 'Front-End Fees', value: showMoney(r.otherFees) },
              {
                label: r.isTotalFrontEndAmountManual ? 'Total Front-End Amount (manual)' : 'Total Front-End Amount',
                value: showMoney(r.totalFrontEndAmount),
              },
              { label: 'GAP', value: showMoney(r.gap) },
              { label: 'Credit Disability', value: showMoney(r.creditDisability) },
              { label: 'Credit Life', value: showMoney(r.creditLife) },
              { label: 'Warranty', value: showMoney(r.warranty) },
              { label: 'Other Back-End', value: showMoney(r.otherBackEndFees) },
              { label: 'Total Back-End Amount', value: showMoney(r.totalBackEndFees) },
              {
                label: 'Total Loan Amount',
                value: showMoney(r.totalLoanAmount),
                strong: true,
                testId: 'request-total-loan',
              },
            ]}
          />
          {r.otherFrontEndFees.length > 0 ? (
            <Box sx={{ mt: 1 }}>
              <Typography variant="caption" color="text.secondary">
                Front-end fees:{' '}
              </Typography>
              <Typography component="span" variant="body2">
                {r.otherFrontEndFees.map((f) => `${f.name} ${showMoney(f.value)}`).join(' · ')}
              </Typography>
            </Box>
          ) : null}
        </>
      ) : null}
    </Box>
  );
};

const identificationLabel = (c: Collateral) =>
  c.family === 'Auto' || c.family === 'Trailer' ? 'VIN' : c.family === 'Boat' ? 'Hull ID' : 'Serial Number';

const CollateralItem = ({ c }: { c: Collateral }) => {
  const deposit = c.family === 'Cd' || c.family === 'Share';
  const home = c.family === 'Home';
  return (
    <Box data-testid="collateral-item" sx={{ mb: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 0.75 }}>
        <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
          {collateralTitle({ ...c, addressLine: c.address ? addressLine(c.address) : null })}
        </Typography>
        <Chip size="small" variant="outlined" label={collateralTypeLabel(c.type)} />
      </Box>
      <DataList
        min={130}
        items={
          home
            ? [
                { label: 'Home Value', value: showMoney(c.value) },
                c.year !== null ? { label: 'Year Built', value: String(c.year) } : null,
                { label: 'County', value: c.county },
                { label: 'Occupancy', value: c.homeOccupancyStatus ? enumLabel(c.homeOccupancyStatus) : null },
                { label: 'Lien Position', value: c.lienPosition },
                { label: 'Max Loan Amount', value: c.maxLoanAmount ? showMoney(c.maxLoanAmount) : null },
                { label: 'Primary Residence', value: c.isPrimaryAddress ? 'Yes' : 'No' },
              ]
            : deposit
              ? [
                  { label: 'Account Number', value: c.accountNumber },
                  { label: 'Account Owner', value: c.accountOwner },
                  { label: 'Balance', value: showMoney(c.value) },
                  { label: 'Current Rate', value: c.currentRate === null ? null : `${formatPercent(c.currentRate)}%` },
                  { label: 'Hold', value: c.holdPercentage === null ? null : `${formatPercent(c.holdPercentage)}%` },
                  c.family === 'Cd' ? { label: 'Maturity Date', value: formatDate(c.maturityDate) } : null,
                ]
              : [
                  {
                    label: identificationLabel(c),
                    value: c.identificationNumber,
                    testId: 'collateral-vin',
                  },
                  { label: 'Value', value: showMoney(c.value) },
                  c.style ? { label: 'Style', value: c.style } : null,
                  c.mileage !== null ? { label: 'Mileage', value: c.mileage.toLocaleString('en-US') } : null,
                  c.hours !== null ? { label: 'Hours', value: c.hours.toLocaleString('en-US') } : null,
                  c.length !== null ? { label: 'Length', value: `${c.length} ft` } : null,
                  { label: 'Condition', value: c.isUsed ? 'Used' : 'New' },
                ]
        }
      />
      {c.liens.length > 0 ? (
        <Typography variant="body2" sx={{ mt: 0.75 }}>
          <Typography component="span" variant="caption" color="text.secondary">
            Liens:{' '}
          </Typography>
          {c.liens
            .map((l) =>
              [
                l.lienholder,
                l.accountNumber,
                l.payoffAmount ? `payoff ${showMoney(l.payoffAmount)}` : null,
                l.perDiem ? `per diem ${showMoney(l.perDiem)}` : null,
              ]
                .filter(Boolean)
                .join(' · '),
            )
            .join('; ')}
        </Typography>
      ) : null}
    </Box>
  );
};

export const CollateralSection = ({ application }: { application: Application }) => (
  <Box>
    {application.collaterals.length === 0 ? (
      <Typography color="text.secondary">No collateral.</Typography>
    ) : (
      application.collaterals.map((c) => <CollateralItem key={c.id} c={c} />)
    )}
    {application.loanProduct.gathersInsurance ? (
      <>
        <Divider sx={{ my: 1 }} />
        <SubHeading>Insurance</SubHeading>
        {application.insurance ? (
          <DataList
            min={130}
            items={[
              { label: 'Company', value: application.insurance.company },
              { label: 'Policy Number', value: application.insurance.policyNumber },
              {
                label: 'Agent',
                value: [application.insurance.agentFirstName, application.insurance.agentLastName]
                  .filter(Boolean)
                  .join(' '),
              },
              { label: 'Agent Phone', value: formatPhone(application.insurance.agentPhoneNumber) },
              { label: 'Expires', value: formatDate(application.insurance.expirationDate) },
            ]}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            No insurance recorded.
          </Typography>
        )}
      </>
    ) : null}
  </Box>
);

export const TransactionSection = ({ application }: { application: Application }) => {
  const t = application.transaction;
  return (
    <Box>
      <DataList
        min={150}
        items={[
          {
            label: 'Transaction Type',
            value: t.transactionType ? transactionTypeLabels[t.transactionType] : null,
            testId: 'transaction-type',
          },
          { label: 'Purpose', value: t.purpose },
        ]}
      />
      {t.sellers.length > 0 ? (
        <>
          <SubHeading>Buyer/Sellers</SubHeading>
          <Lines
            lines={t.sellers.map((s) =>
              [
                s.sellerNames,
                s.sellingPrice ? showMoney(s.sellingPrice) : null,
                formatPhone(s.phoneNumber),
                s.email,
                s.hasLien ? 'Has lien' : null,
              ]
                .filter(Boolean)
                .join(' · '),
            )}
          />
        </>
      ) : null}
      {t.lien ? (
        <>
          <SubHeading>{t.transactionType === 'BUYER_SELLER' ? 'Lien' : 'Refinance'}</SubHeading>
          <DataList
            min={130}
            items={[
              { label: 'Lienholder', value: t.lien.lienholder },
              { label: 'Account #', value: t.lien.accountNumber },
              { label: 'Payoff Amount', value: t.lien.payoffAmount ? showMoney(t.lien.payoffAmount) : null },
              { label: 'Per Diem', value: t.lien.perDiem ? showMoney(t.lien.perDiem) : null },
              { label: 'Good Through', value: formatDate(t.lien.goodThrough) },
            ]}
          />
        </>
      ) : null}
      {t.dealerPurchase ? (
        <>
          <SubHeading>Dealer Purchase</SubHeading>
          <DataList
            min={130}
            items={[
              { label: 'Dealership', value: t.dealerPurchase.dealership },
              {
                label: 'Amount to Dealer',
                value: t.dealerPurchase.amountToDealer ? showMoney(t.dealerPurchase.amountToDealer) : null,
              },
              { label: 'Spoke To', value: t.dealerPurchase.spokeTo },
            ]}
          />
        </>
      ) : null}
      {t.internalRefinance ? (
        <>
          <SubHeading>Internal Refinance</SubHeading>
          <DataList
            min={130}
            items={[
              { label: 'Member #', value: t.internalRefinance.memberNumber },
              { label: 'Loan #', value: t.internalRefinance.loanNumber },
              {
                label: 'Payoff Amount',
                value: t.internalRefinance.payoffAmount ? showMoney(t.internalRefinance.payoffAmount) : null,
              },
              { label: 'Good Through', value: formatDate(t.internalRefinance.goodThrough) },
            ]}
          />
        </>
      ) : null}
      {t.tradeIns.length > 0 ? (
        <>
          <SubHeading>Trade-Ins</SubHeading>
          <Lines
            lines={t.tradeIns.map((x) =>
              [
                [x.year, x.make, x.model, x.style].filter(Boolean).join(' '),
                x.lienHolderName,
                x.monthlyPayment ? `${showMoney(x.monthlyPayment)}/mo` : null,
              ]
                .filter(Boolean)
                .join(' · '),
            )}
          />
        </>
      ) : null}
    </Box>
  );
};
