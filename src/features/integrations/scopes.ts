/** The scopes an API key may hold (issue 39); each integration route needs one. Shared by server and screens. */
export const API_SCOPES = ['catalog:write', 'stock:write', 'prices:write', 'customers:write', 'orders:read', 'orders:write', 'invoices:write'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const isApiScope = (v: unknown): v is ApiScope => typeof v === 'string' && (API_SCOPES as readonly string[]).includes(v);

/** The prefix of every secret: a leaked key is recognisable (secret scanners, logs). */
export const SECRET_PREFIX = 'cobi_';
