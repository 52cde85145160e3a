// The KSeF number (numer-ksef.md of the Ministry of Finance's KSeF 2.0 documentation):
// "9999999999-RRRRMMDD-FFFFFFFFFFFF-FF", 35 characters: the seller's NIP, the day KSeF accepted the
// invoice, 12 upper-case hex digits of a technical part and a CRC-8 (polynomial 0x07, initial value
// 0x00) of the first 32 characters in two upper-case hex digits.

/** CRC-8, polynomial 0x07, initial value 0x00, no reflection, no final XOR (numer-ksef.md). */
export function crc8(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) {
    crc ^= b;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

export const KSEF_NUMBER_LENGTH = 35;
const SHAPE = /^(\d{10})-(\d{4})(\d{2})(\d{2})-([0-9A-F]{12})-([0-9A-F]{2})$/;

export interface KsefNumber {
  sellerNip: string;
  /** The day KSeF accepted the invoice, YYYY-MM-DD. */
  date: string;
  technical: string;
  checksum: string;
}

export type KsefNumberProblem = 'length' | 'format' | 'date' | 'checksum';

/** The parts of a KSeF number, or the first problem found (length, shape, a real date, the CRC-8). */
export function parseKsefNumber(value: string): { ok: true; number: KsefNumber } | { ok: false; problem: KsefNumberProblem } {
  if (value.length !== KSEF_NUMBER_LENGTH) return { ok: false, problem: 'length' };
  const m = SHAPE.exec(value);
  if (!m) return { ok: false, problem: 'format' };
  const [, nip, y, mo, d, technical, checksum] = m;
  const date = `${y}-${mo}-${d}`;
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date) return { ok: false, problem: 'date' };
  const expected = crc8(new TextEncoder().encode(value.slice(0, 32)))
    .toString(16)
    .toUpperCase()
    .padStart(2, '0');
  if (expected !== checksum) return { ok: false, problem: 'checksum' };
  return { ok: true, number: { sellerNip: nip, date, technical, checksum } };
}

/** A KSeF number from its first 32 characters ("NIP-YYYYMMDD-TECHNICAL") with its CRC-8 appended. */
export function withChecksum(first32: string): string {
  const c = crc8(new TextEncoder().encode(first32)).toString(16).toUpperCase().padStart(2, '0');
  return `${first32}-${c}`;
}
