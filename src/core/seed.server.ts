/** A feature's demo content, written only into an empty database. */
export interface Seeder {
  name: string;
  /** True when the feature's tables already hold something. */
  hasContent(): Promise<boolean>;
  seed(log: (msg: string) => void): Promise<void>;
}

/** Fills an empty database with every feature's demo content; never touches one with content. */
export async function seedIfEmpty(seeders: Seeder[], log: (msg: string) => void): Promise<boolean> {
  for (const s of seeders) if (await s.hasContent()) return false;
  for (const s of seeders) {
    log(`Seeding demo ${s.name}…`);
    await s.seed(log);
  }
  return true;
}
