/**
 * Payout address checks per method, shared by settings, the withdrawal request and the page.
 * A TRC20 address is base58check: the maintained `bs58check` package decodes it and verifies its
 * 4-byte checksum; a Tron mainnet address is 21 bytes starting with 0x41.
 */
import bs58check from 'bs58check';
import { isEmail } from './fields.js';

// Tron addresses are "T" then 33 base58 characters (no 0, O, I or l).
const TRC20_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
// Alipay accepts mainland mobiles and international numbers, digits only.
const PHONE = /^\+?[0-9]{6,15}$/;

/** Whether `address` is a Tron (TRC20) address with a valid checksum. */
export function isTronAddress(address: string): boolean {
  if (!TRC20_SHAPE.test(address)) return false;
  try {
    const bytes = bs58check.decode(address);
    return bytes.length === 21 && bytes[0] === 0x41;
  } catch {
    return false; // wrong checksum
  }
}

export const isPayoutEmail = (s: string): boolean => isEmail(s);
export const isAlipayAccount = (s: string): boolean => isPayoutEmail(s) || PHONE.test(s);
