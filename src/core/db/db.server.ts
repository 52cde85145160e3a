import type { Database, Db } from './client.server';

// The process's one database, set at start (server or test) and used by every service.
let current: Database | undefined;

export function setDatabase(database: Database | undefined): void {
  current = database;
}

export function getDatabase(): Database {
  if (!current) throw new Error('Database not opened: call setDatabase() at start.');
  return current;
}

export function getDb(): Db {
  return getDatabase().db;
}
