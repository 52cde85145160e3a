// The verification QR code KOD I (kody-qr.md): a link to KSeF's invoice check made of the seller's NIP,
// the issue date (P_1) as DD-MM-YYYY and the SHA-256 of the invoice file as stored, in Base64URL.
import { createHash } from 'node:crypto';

/** The QR base addresses of the KSeF environments (kody-qr.md, "Środowiska"). */
export const KSEF_QR_BASE = {
  test: 'https://qr-test.ksef.mf.gov.pl',
  demo: 'https://qr-demo.ksef.mf.gov.pl',
  prod: 'https://qr.ksef.mf.gov.pl',
} as const;

export type KsefEnvironment = keyof typeof KSEF_QR_BASE;

let environment: KsefEnvironment = 'prod';

/** Set once at start from KSEF_ENV (default: production). */
export function setKsefEnvironment(env: KsefEnvironment) {
  environment = env;
}

export function ksefEnvironment(): KsefEnvironment {
  return environment;
}

/** SHA-256 of the bytes in Base64URL without padding. */
export function invoiceHash(xml: Uint8Array): string {
  return createHash('sha256').update(xml).digest('base64url');
}

/** KOD I: {base}/invoice/{seller NIP}/{DD-MM-YYYY}/{SHA-256 Base64URL}. */
export function verificationUrl(input: { sellerNip: string; issueDate: string; xml: Uint8Array }, env: KsefEnvironment = environment): string {
  const [y, m, d] = input.issueDate.split('-');
  return `${KSEF_QR_BASE[env]}/invoice/${input.sellerNip}/${d}-${m}-${y}/${invoiceHash(input.xml)}`;
}
