import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { getStorage, type StoredFile } from './storage.server';
import type { ImageWidth } from './urls';

/** Content types the image route resizes (decided from the bytes at upload, never from the client). */
export const RESIZABLE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

const inFlight = new Map<string, Promise<string>>();

/**
 * The path of a stored image resized to `width` as WebP, made once and kept under `cacheDir`
 * (never enlarged; concurrent requests for the same size share one resize).
 */
export function resizedImagePath(file: StoredFile, width: ImageWidth, cacheDir: string): Promise<string> {
  const target = path.join(cacheDir, file.id.slice(0, 2), `${file.id}-${width}.webp`);
  if (existsSync(target)) return Promise.resolve(target);
  const running = inFlight.get(target);
  if (running) return running;
  const job = (async () => {
    const original = await getStorage().get(file.storageKey);
    const out = await sharp(original, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80, effort: 4 })
      .toBuffer();
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, out);
    await rename(tmp, target);
    return target;
  })().finally(() => inFlight.delete(target));
  inFlight.set(target, job);
  return job;
}
