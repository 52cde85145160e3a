// `npm run lint:folders`: the feature folder contract (docs/layers.md, "The feature folder contract"), so every
// feature is laid out alike. A feature folder is src/features/<name>/ or an area of the admin app,
// src/app/admin/<area>/. It fails when
// - an admin screen (a route under /admin in src/routes.ts) is not a module of an `admin/routes/`
//   folder (the admin shell's own layout and dashboard, src/app/admin/admin-*.tsx, aside);
// - a file registering /api/admin routes is not `admin/<name>.api.server.ts` (`<area>/` in app/admin);
// - an exported message table (defineMessages) is not in a file named `messages.ts` (a component
//   may keep its own few texts unexported);
// - a feature that stores files (its schema refers to the files table, or it saves files) does not
//   declare their ids in `file-references.server.ts`, registered in src/server.server.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Files that register /api/admin routes beside public ones, to be split when their areas move onto
 * the admin resource kit (issue 38, point 1). The list only shrinks: a file that no longer has admin
 * routes fails until it is taken off.
 */
export const MIXED_ADMIN_APIS = [
  'src/features/accounts/accounts.api.server.ts',
  'src/features/forms/forms.api.server.ts',
  'src/features/invoices/invoices.api.server.ts',
  'src/features/newsletter/newsletter.api.server.ts',
  'src/features/shop/shop.api.server.ts',
];

const TEST = /(\.test\.tsx?$|\/tests\/)/;
const ADMIN_ROUTE = /\.(get|post|put|patch|delete|head|all)\s*(<[^>]*>)?\(\s*['`]\/api\/admin\//;
const EXPORTED_MESSAGES = /export\s+const\s+\w+\s*=\s*defineMessages\(/;
const STORES_FILES = /\b(saveFile|storeAttachments)\(/;

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The module paths (relative to src/) of the routes nested under route('admin', ...) in routes.ts. */
export function adminRouteModules(routesSource) {
  const start = routesSource.search(/route\(\s*'admin'\s*,/);
  if (start < 0) return [];
  const open = routesSource.indexOf('[', start);
  let depth = 0;
  let end = open;
  for (; end < routesSource.length; end++) {
    if (routesSource[end] === '[') depth++;
    if (routesSource[end] === ']' && --depth === 0) break;
  }
  const block = routesSource.slice(open, end);
  return [...block.matchAll(/(?:route\(\s*'[^']*'\s*,|index\()\s*'([^']+\.tsx?)'/g)].map((m) => m[1]);
}

/** The feature folder a file belongs to ('src/features/shop', 'src/app/admin/service'), or null. */
function folderOf(file) {
  const m = file.match(/^src\/features\/[^/]+|^src\/app\/admin\/[^/]+(?=\/)/);
  return m ? m[0] : null;
}

/** Every breach of the contract in the checkout at `root`, one sentence each. */
export function folderViolations(root, mixedAdminApis = MIXED_ADMIN_APIS) {
  const read = (rel) => readFileSync(path.join(root, rel), 'utf8');
  const files = [...walk(path.join(root, 'src/features')), ...walk(path.join(root, 'src/app/admin'))]
    .map((f) => path.relative(root, f).split(path.sep).join('/'))
    .filter((f) => !TEST.test(f) && folderOf(f))
    .sort();
  const problems = [];

  for (const module of adminRouteModules(read('src/routes.ts'))) {
    const ok = /^features\/[^/]+\/admin\/routes\/[^/]+\.tsx$/.test(module) || /^app\/admin\/([^/]+\/routes\/[^/]+|admin-[^/]+)\.tsx$/.test(module);
    if (!ok) problems.push(`admin screen src/${module} is not in its feature's admin/routes/ folder`);
  }

  const storing = new Set();
  for (const file of files) {
    const text = read(file);
    const folder = folderOf(file);
    const inFolder = file.slice(folder.length + 1);
    const adminApiName = folder.startsWith('src/app/admin/') ? /^[^/]+\.api\.server\.ts$/ : /^admin\/[^/]+\.api\.server\.ts$/;
    const mixed = mixedAdminApis.includes(file);
    if (ADMIN_ROUTE.test(text)) {
      if (!adminApiName.test(inFolder) && !mixed) problems.push(`${file} registers /api/admin routes: they belong in ${folder}/admin/<name>.api.server.ts`);
    } else if (mixed) problems.push(`${file} has no /api/admin routes left: take it off MIXED_ADMIN_APIS (scripts/check-feature-folders.mjs)`);
    if (EXPORTED_MESSAGES.test(text) && path.posix.basename(file) !== 'messages.ts') {
      problems.push(`${file} exports a message table: message tables live in a messages.ts (${path.posix.dirname(file)}/messages.ts)`);
    }
    if (folder.startsWith('src/features/') && ((file.endsWith('.schema.ts') && text.includes('~/core/files/files.schema')) || STORES_FILES.test(text))) {
      storing.add(folder);
    }
  }

  const server = read('src/server.server.ts');
  for (const folder of storing) {
    const name = folder.slice('src/features/'.length);
    if (!existsSync(path.join(root, folder, 'file-references.server.ts'))) {
      problems.push(`${folder} stores files but has no file-references.server.ts declaring the file ids its rows use`);
    } else if (!server.includes(`from '~/features/${name}/file-references.server'`) || !server.includes(`registerFileReferences('${name}'`)) {
      problems.push(`${folder}/file-references.server.ts is not registered in src/server.server.ts (registerFileReferences('${name}', ...))`);
    }
  }
  for (const name of mixedAdminApis) if (!files.includes(name)) problems.push(`${name} (MIXED_ADMIN_APIS) does not exist: take it off the list`);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = folderViolations(process.cwd());
  for (const p of problems) console.error(`error feature-folders: ${p}`);
  if (problems.length > 0) process.exit(1);
  console.log('✔ feature folders keep the contract (admin screens, admin APIs, messages, file references).');
}
