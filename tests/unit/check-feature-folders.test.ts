import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { folderViolations } from '../../scripts/check-feature-folders.mjs';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A checkout made of the given files (path -> content). */
function checkout(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'folders-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const routes = (...modules: string[]) =>
  `export default [route(':locale', 'app/layout/locale.tsx', [route('x', 'features/shop/routes/cart.tsx'), route('admin', 'app/admin/admin-layout.tsx', [index('app/admin/admin-dashboard.tsx'), ${modules.map((m, i) => `route('a${i}', '${m}')`).join(', ')}])])];`;
const server = "import { shopFileReferences } from '~/features/shop/file-references.server';\nregisterFileReferences('shop', shopFileReferences);\n";

describe('the feature folder contract (scripts/check-feature-folders.mjs)', () => {
  it('passes a feature laid out by the contract', () => {
    const dir = checkout({
      'src/routes.ts': routes('features/shop/admin/routes/admin-orders.tsx', 'app/admin/service/routes/admin-service.tsx'),
      'src/server.server.ts': server,
      'src/features/shop/shop.schema.ts': "import { files } from '~/core/files/files.schema';",
      'src/features/shop/file-references.server.ts': 'export const shopFileReferences = async () => [];',
      'src/features/shop/messages.ts': 'export const shopMessages = defineMessages({});',
      'src/features/shop/components/footer.tsx': 'const own = defineMessages({});',
      'src/features/shop/admin/orders-admin.api.server.ts': "app.get('/api/admin/orders', guard, list);",
      'src/features/shop/shop.api.server.ts': "app.get('/api/orders', b2b, list);",
      'src/app/admin/service/service.api.server.ts': "app.post<{ Body: X }>('/api/admin/service/sweep', guard, sweep);",
    });
    expect(folderViolations(dir, [])).toEqual([]);
  });

  it('names each breach: screen, admin API, messages file, undeclared and unregistered file references', () => {
    const dir = checkout({
      'src/routes.ts': routes('features/forms/admin/admin-complaints.tsx', 'features/customers/routes/admin-customers.tsx'),
      'src/server.server.ts': '',
      'src/features/forms/forms.schema.ts': "import { files } from '~/core/files/files.schema';",
      'src/features/forms/forms.api.server.ts': "app.put(\n  '/api/admin/complaints/:id', admin, save);",
      'src/features/forms/admin/complaint-messages.ts': 'export const complaintMessages = defineMessages({});',
      'src/features/invoices/invoices.server.ts': 'await saveFile(bytes, name);',
      'src/features/invoices/file-references.server.ts': 'export const invoiceFileReferences = async () => [];',
      'src/features/invoices/tests/helpers.ts': "app.get('/api/admin/invoices', x); export const m = defineMessages({});",
    });
    expect(folderViolations(dir, [])).toEqual([
      "admin screen src/features/forms/admin/admin-complaints.tsx is not in its feature's admin/routes/ folder",
      "admin screen src/features/customers/routes/admin-customers.tsx is not in its feature's admin/routes/ folder",
      'src/features/forms/admin/complaint-messages.ts exports a message table: message tables live in a messages.ts (src/features/forms/admin/messages.ts)',
      'src/features/forms/forms.api.server.ts registers /api/admin routes: they belong in src/features/forms/admin/<name>.api.server.ts',
      'src/features/forms stores files but has no file-references.server.ts declaring the file ids its rows use',
      "src/features/invoices/file-references.server.ts is not registered in src/server.server.ts (registerFileReferences('invoices', ...))",
    ]);
  });

  it('lets a listed mixed API pass until its admin routes are gone, then asks to take it off', () => {
    const file = 'src/features/forms/forms.api.server.ts';
    const mixed = { 'src/routes.ts': routes(), 'src/server.server.ts': '', [file]: "app.get('/api/admin/complaints', admin, list);" };
    expect(folderViolations(checkout(mixed), [file])).toEqual([]);
    rmSync(root, { recursive: true, force: true });
    const split = { ...mixed, [file]: "app.post('/api/complaints', form, send);" };
    expect(folderViolations(checkout(split), [file])).toEqual([
      `${file} has no /api/admin routes left: take it off MIXED_ADMIN_APIS (scripts/check-feature-folders.mjs)`,
    ]);
  });
});
