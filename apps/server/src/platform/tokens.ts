import { jwtVerify, SignJWT } from 'jose';

export type TokenClaims = { userId: number; sessionId: string };

const ISSUER = 'credence';

/** Access token: a signed JWT naming the user and the server-side session row that keeps it valid. */
export const signAccessToken = (secret: Uint8Array, claims: TokenClaims, expiresAt: Date) =>
  new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);

export const verifyAccessToken = async (secret: Uint8Array, token: string): Promise<TokenClaims | null> => {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    const sessionId = payload.sid;
    if (!Number.isInteger(userId) || typeof sessionId !== 'string') return null;
    return { userId, sessionId };
  } catch {
    return null;
  }
};
