import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractTarGz, type TarEntry, tarHeader, writeTarGz } from './tar.server';

const dir = mkdtempSync(path.join(tmpdir(), 'cabling-tar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bufferEntry = (name: string, data: Buffer): TarEntry => ({
  name,
  size: data.length,
  body: async function* () {
    // In uneven pieces, as a stream gives them.
    for (let i = 0; i < data.length; i += 7919) yield data.subarray(i, i + 7919);
  },
});

function hasTar(): boolean {
  try {
    execFileSync('tar', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('tar.gz writer and extractor', () => {
  const contents = new Map<string, Buffer>([
    ['manifest.json', Buffer.from('{"a":1}\n')],
    ['files/2025/01/empty', Buffer.alloc(0)],
    ['files/2025/01/exactly-512', randomBytes(512)],
    ['files/2025/02/binary.bin', randomBytes(300_001)],
    [`files/${'katalog-'.repeat(14)}/${'ż'.repeat(40)}.pdf`, Buffer.from('long name, Polish letters')],
  ]);

  it('round-trips names, sizes and bytes', async () => {
    const archive = path.join(dir, 'a.tar.gz');
    await writeTarGz(
      [...contents].map(([n, b]) => bufferEntry(n, b)),
      createWriteStream(archive),
    );
    const out = path.join(dir, 'out');
    const names = await extractTarGz(createReadStream(archive), out);
    expect(names).toEqual([...contents.keys()]);
    for (const [name, data] of contents) expect(readFileSync(path.join(out, name)).equals(data), name).toBe(true);
  });

  it.skipIf(!hasTar())('writes archives GNU tar reads', async () => {
    const archive = path.join(dir, 'b.tar.gz');
    await writeTarGz(
      [...contents].map(([n, b]) => bufferEntry(n, b)),
      createWriteStream(archive),
    );
    const listed = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual([...contents.keys()]);
    const out = path.join(dir, 'gnu');
    execFileSync('mkdir', ['-p', out]);
    execFileSync('tar', ['-xzf', archive, '-C', out]);
    expect(readFileSync(path.join(out, 'files/2025/02/binary.bin')).equals(contents.get('files/2025/02/binary.bin') as Buffer)).toBe(true);
  });

  it('fails when a body is not its declared size', async () => {
    const short: TarEntry = {
      name: 'x',
      size: 10,
      body: async function* () {
        yield Buffer.from('abc');
      },
    };
    await expect(writeTarGz([short], createWriteStream(path.join(dir, 'c.tar.gz')))).rejects.toThrow(/3 bytes, expected 10/);
  });

  it('refuses paths that leave the folder, and truncated or damaged archives', async () => {
    const evil = path.join(dir, 'evil.tar.gz');
    await writeTarGz([bufferEntry('../outside.txt', Buffer.from('x'))], createWriteStream(evil));
    await expect(extractTarGz(createReadStream(evil), path.join(dir, 'evil'))).rejects.toThrow(/unsafe path/);

    const good = path.join(dir, 'good.tar.gz');
    await writeTarGz([bufferEntry('a.bin', randomBytes(100_000))], createWriteStream(good));
    const { gunzipSync, gzipSync } = await import('node:zlib');
    const raw = gunzipSync(readFileSync(good));
    const cut = path.join(dir, 'cut.tar.gz');
    writeFileSync(cut, gzipSync(raw.subarray(0, 50_000)));
    await expect(extractTarGz(createReadStream(cut), path.join(dir, 'cut'))).rejects.toThrow(/truncated/);
    const damaged = Buffer.from(raw);
    damaged[10] = 0x41;
    const bad = path.join(dir, 'bad.tar.gz');
    writeFileSync(bad, gzipSync(damaged));
    await expect(extractTarGz(createReadStream(bad), path.join(dir, 'bad'))).rejects.toThrow(/checksum/);
  });

  it('encodes sizes above 8 GiB in base-256', () => {
    const h = tarHeader('big', 9 * 1024 ** 3);
    expect(h[124]).toBe(0x80);
  });
});
