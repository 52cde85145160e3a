// Related products and accessories of the demo catalogue, chosen as an administrator would, by the
// catalogue numbers of the products (a number the demo does not have is skipped).

export interface DemoRelation {
  /** Any catalogue number of the product. */
  product: string;
  related?: string[];
  accessories?: string[];
}

export const DEMO_RELATIONS: DemoRelation[] = [
  // Installation cables: plugs, the crimping tool, the stripper and plug boots.
  { product: 'CN-U6-305-G', accessories: ['CN-WT-6-U-100', 'CN-NT-ZAC-8P', 'CN-NT-SCI-UTP', 'CN-WT-OS-B'] },
  { product: 'CN-U5-305-G', accessories: ['CN-WT-5E-U-100', 'CN-NT-ZAC-8P', 'CN-NT-SCI-UTP', 'CN-WT-OS-B'] },
  // Keystone jacks: modular panels, faceplates and the punch-down tool.
  { product: 'CN-K6U-W', related: ['CN-K6ASB-G'], accessories: ['CN-PPK-24-1U', 'CN-RF-1-W', 'CN-RF-2-W', 'CN-NT-LSA'] },
  { product: 'CN-K5EU-W', accessories: ['CN-PPK-24-1U', 'CN-RF-1-W', 'CN-RF-2-W', 'CN-NT-LSA'] },
  { product: 'CN-K6AS-G', accessories: ['CN-PPKS-24-1U', 'CN-NT-LSA'] },
  // A modular panel: jacks to fill it and labels.
  { product: 'CN-PPK-24-1U', accessories: ['CN-K6U-W', 'CN-K5EU-W', 'CN-OZ-A4-10'] },
  // RJ45 plugs: the crimping tool and boots; the cable they go on.
  { product: 'CN-WT-6-U-100', related: ['CN-U6-305-G'], accessories: ['CN-NT-ZAC-8P', 'CN-WT-OS-B'] },
];
