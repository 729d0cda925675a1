import { proxy } from 'valtio';

/**
 * Who is signed in. The accounts feature fills it (after sign-in, or from the session endpoint);
 * until then every visitor is signed out.
 */
export const session = proxy({
  seller: null as null | { id: string; email: string; username?: string },
});

export const signedIn = (): boolean => session.seller !== null;

/** The product part of the balance route (/member/{product}-balance). */
export const BALANCE_PRODUCT = 'coins';
