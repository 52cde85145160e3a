// The npm registry reachable here serves only some platform builds of packages such as
// @rollup/rollup-* or @tailwindcss/oxide-*; `npm install` then leaves them out of the lock
// and `npm ci` refuses the lock. This adds a platform-restricted entry for each missing
// optional dependency, so `npm ci` skips it on this platform as it would anyway.
// Run after `npm install` whenever dependencies change.
import { readFileSync, writeFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const pkgs = lock.packages;
const OS = ['android', 'darwin', 'freebsd', 'win32', 'linux', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony', 'cygwin'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'riscv64', 'ppc64', 's390x', 'loong64', 'mips64el', 'wasm32'];
let added = 0;
for (const [path, meta] of Object.entries(pkgs)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    if (pkgs[nested] || pkgs[`node_modules/${name}`]) continue;
    const tokens = name.split(/[-/@]/);
    const os = OS.filter((t) => tokens.includes(t));
    const cpu = CPU.filter((t) => tokens.includes(t)).concat(tokens.includes('gnueabihf') ? ['arm'] : []);
    pkgs[`node_modules/${name}`] = {
      version,
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
      os: os.length ? os : ['none'],
      cpu: cpu.length ? [...new Set(cpu)] : ['none'],
    };
    added++;
  }
}
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`fix-lockfile: added ${added} platform-only entries`);
