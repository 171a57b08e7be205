import { eq, sql } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { createDataProtector, protectedPurposes } from '../../platform/crypto.ts';
import type { DbExecutor } from '../client.ts';
import { lenders, lenderVendors, users, userVendors } from '../schema/index.ts';
import { HARBOR, SUMMIT } from './lender-names.ts';

/** The integration providers each demo lender works with (names decide the fields: contracts `vendorFieldsOf`). */
const vendorsByLender: Record<string, string[]> = {
  [SUMMIT]: ['CUDL', 'Dealertrack', 'RouteOne'],
  [HARBOR]: ['Dealertrack', 'RouteOne'],
};

type DemoVendor = { vendor: string; username?: string; password?: string; code?: string };

/** Demo users' profiles: a phone, an avatar (some) and vendor credentials, so the Integration Information card shows. */
const demoProfiles: Record<
  string,
  { phoneNumber: string; avatar?: [number, number, number]; edocsUsername?: string; vendors: DemoVendor[] }
> = {
  admin: {
    phoneNumber: '3035550186',
    avatar: [31, 94, 140],
    edocsUsername: 'amorgan',
    vendors: [
      { vendor: 'CUDL', username: 'amorgan.summit', password: 'Cudl-demo-1', code: 'SFCU0412' },
      { vendor: 'Dealertrack', username: 'avery.morgan' },
      { vendor: 'RouteOne' },
    ],
  },
  officer: {
    phoneNumber: '7205550133',
    avatar: [46, 125, 50],
    vendors: [{ vendor: 'CUDL', username: 'ochen.summit', code: 'SFCU0412' }, { vendor: 'RouteOne' }],
  },
  harbor: { phoneNumber: '6195550148', vendors: [{ vendor: 'Dealertrack', username: 'hruiz' }] },
};

/**
 * A demo avatar: a 128 px JPEG of a soft disc in the person's colour on a light ground (a stand-in for a photo,
 * as the server would store one: a data URL of a small square JPEG).
 */
export const demoAvatar = ([r, g, b]: [number, number, number]) => {
  const side = 128;
  const data = Buffer.alloc(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const head = Math.hypot(x - 64, y - 50) / 24;
      const body = Math.hypot((x - 64) / 44, (y - 128) / 40);
      const inside = head <= 1 || body <= 1;
      const shade = 1 - (y / side) * 0.25;
      const i = (y * side + x) * 4;
      data[i] = inside ? 245 : Math.round(r * shade);
      data[i + 1] = inside ? 245 : Math.round(g * shade);
      data[i + 2] = inside ? 245 : Math.round(b * shade);
      data[i + 3] = 255;
    }
  }
  return `data:image/jpeg;base64,${jpeg.encode({ width: side, height: side, data }, 85).data.toString('base64')}`;
};

export const seedProfileDemo = async (tx: DbExecutor, dataEncryptionKey: Buffer) => {
  const protector = createDataProtector(dataEncryptionKey);
  const vendorIds = new Map<string, number>();
  for (const [lenderName, names] of Object.entries(vendorsByLender)) {
    const [lender] = await tx.select({ id: lenders.id }).from(lenders).where(eq(lenders.name, lenderName));
    if (!lender) continue;
    const rows = await tx
      .insert(lenderVendors)
      .values(names.map((name) => ({ lenderId: lender.id, name })))
      .returning({ id: lenderVendors.id, name: lenderVendors.name });
    for (const row of rows) vendorIds.set(`${lender.id}/${row.name}`, row.id);
  }
  for (const [username, profile] of Object.entries(demoProfiles)) {
    const [user] = await tx
      .select({ id: users.id, homeLenderId: users.homeLenderId })
      .from(users)
      .where(sql`lower(${users.username}) = ${username}`);
    if (!user) continue;
    await tx
      .update(users)
      .set({
        phoneNumber: profile.phoneNumber,
        avatar: profile.avatar ? demoAvatar(profile.avatar) : null,
        edocsUsername: profile.edocsUsername ?? null,
      })
      .where(eq(users.id, user.id));
    for (const v of profile.vendors) {
      await tx.insert(userVendors).values({
        lenderId: user.homeLenderId,
        userId: user.id,
        vendorId: vendorIds.get(`${user.homeLenderId}/${v.vendor}`)!,
        username: v.username ?? null,
        passwordEncrypted: v.password ? protector.encrypt(v.password, protectedPurposes.vendorPassword) : null,
        code: v.code ?? null,
      });
    }
  }
};
