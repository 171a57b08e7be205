import {
  completeFieldConfig,
  consumerWebLogoType,
  defaultConsumerWebSettings,
  type ConsumerWebFieldConfig,
  type ConsumerWebSettings,
  type FieldConfigEntry,
} from '@credence/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { consumerWebFieldConfigInputSchema, consumerWebSettingsInputSchema } from '@credence/contracts';
import { consumerWebSettings } from '../../db/schema/index.ts';
import type { TenantTx } from '../../db/tenancy.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { changedFields } from '../../platform/crud.ts';
import { fieldError } from '../../platform/errors.ts';

type SettingsInput = z.output<typeof consumerWebSettingsInputSchema>;
type FieldConfigInput = z.output<typeof consumerWebFieldConfigInputSchema>;
type StoredRow = typeof consumerWebSettings.$inferSelect;

const AUDIT_AREA = 'consumerWeb';

const findRow = async (tx: TenantTx, lenderId: number): Promise<StoredRow | null> =>
  (await tx.select().from(consumerWebSettings).where(eq(consumerWebSettings.lenderId, lenderId)))[0] ?? null;

const toSettings = (row: StoredRow | null): ConsumerWebSettings =>
  row
    ? {
        logo: row.logo,
        logoContentType: row.logoContentType as ConsumerWebSettings['logoContentType'],
        primaryColor: row.primaryColor,
        accentColor: row.accentColor,
        backgroundColor: row.backgroundColor,
        siteTitle: row.siteTitle,
        welcomeText: row.welcomeText,
        disclosureText: row.disclosureText,
        submittedText: row.submittedText,
        footerText: row.footerText,
      }
    : { ...defaultConsumerWebSettings };

/** The logo in the audit: its type and size and a short fingerprint of its text, never the image itself. */
const logoForAudit = (settings: ConsumerWebSettings) =>
  settings.logo
    ? `${settings.logoContentType ?? 'image'}, ${Buffer.from(settings.logo, 'base64').length} bytes (…${settings.logo.slice(-12)})`
    : null;

/** GET ConsumerWeb: the stored settings, or the defaults of a lender that saved none. */
export const readSettings = async (tx: TenantTx, auth: AuthContext): Promise<ConsumerWebSettings> =>
  toSettings(await findRow(tx, auth.lenderId));

/**
 * POST ConsumerWeb: the logo arrives base64-encoded and is stored so (spec 2 §3); its type is read from the decoded
 * bytes (PNG or JPEG: the contract refused anything else, SVG included). One audit row with the fields that changed.
 */
export const saveSettings = async (
  tx: TenantTx,
  auth: AuthContext,
  input: SettingsInput,
): Promise<ConsumerWebSettings> => {
  const logoContentType = input.logo === null ? null : consumerWebLogoType(input.logo);
  if (input.logo !== null && (logoContentType === null || Buffer.from(input.logo, 'base64').length === 0)) {
    throw fieldError('logo', 'The logo must be a PNG or JPEG image.');
  }
  const existing = await findRow(tx, auth.lenderId);
  const before = toSettings(existing);
  const values = { ...input, logoContentType, updatedAt: new Date() };
  await tx
    .insert(consumerWebSettings)
    .values({ lenderId: auth.lenderId, ...values })
    .onConflictDoUpdate({ target: consumerWebSettings.lenderId, set: values });
  const after = toSettings(await findRow(tx, auth.lenderId));
  const changes = changedFields(
    { ...before, logo: logoForAudit(before), logoContentType: undefined },
    { ...after, logo: logoForAudit(after), logoContentType: undefined },
  );
  if (!existing || Object.keys(changes).length > 0) {
    await recordAudit(tx, auth, {
      area: AUDIT_AREA,
      action: existing ? 'update' : 'create',
      recordId: auth.lenderId,
      details: { label: 'Consumer Web Settings', changes },
    });
  }
  return after;
};

/** GET ConsumerWeb/fieldConfig: every field of the catalogue, the lender's choices over the defaults. */
export const readFieldConfig = async (tx: TenantTx, auth: AuthContext): Promise<ConsumerWebFieldConfig> => ({
  fieldConfig: completeFieldConfig((await findRow(tx, auth.lenderId))?.fieldConfig ?? []),
});

const fieldConfigChanges = (before: FieldConfigEntry[], after: FieldConfigEntry[]) => {
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  const describe = (e: FieldConfigEntry | undefined) =>
    e ? (e.visible ? (e.required ? 'required' : 'shown') : 'hidden') : null;
  for (const entry of after) {
    const old = describe(before.find((e) => e.field === entry.field));
    const now = describe(entry);
    if (old !== now) changes[entry.field] = { old, new: now };
  }
  return changes;
};

/**
 * POST ConsumerWeb/fieldConfig: stored whole (every field, locked ones shown and required). The settings row is
 * created with the default settings when the lender has none yet. Audited field by field (hidden/shown/required).
 */
export const saveFieldConfig = async (
  tx: TenantTx,
  auth: AuthContext,
  input: FieldConfigInput,
): Promise<ConsumerWebFieldConfig> => {
  const existing = await findRow(tx, auth.lenderId);
  const before = completeFieldConfig(existing?.fieldConfig ?? []);
  const fieldConfig = completeFieldConfig(input.fieldConfig);
  if (existing) {
    await tx
      .update(consumerWebSettings)
      .set({ fieldConfig, updatedAt: new Date() })
      .where(eq(consumerWebSettings.lenderId, auth.lenderId));
  } else {
    const { logo, logoContentType, ...defaults } = defaultConsumerWebSettings;
    await tx
      .insert(consumerWebSettings)
      .values({ lenderId: auth.lenderId, logo, logoContentType, ...defaults, fieldConfig });
  }
  const changes = fieldConfigChanges(before, fieldConfig);
  if (Object.keys(changes).length > 0) {
    await recordAudit(tx, auth, {
      area: AUDIT_AREA,
      action: 'update',
      recordId: auth.lenderId,
      details: { label: 'Consumer Web Field Configuration', changes },
    });
  }
  return { fieldConfig };
};
