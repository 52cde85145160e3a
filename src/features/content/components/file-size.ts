import { type Locale, numberFormat } from '~/core/i18n/locale';

/** "1,2 MB" / "1.2 MB", "340 KB": the size of a file for a download link. */
export function formatFileSize(bytes: number, locale: Locale): string {
  const fmt = numberFormat(locale, 1);
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${fmt.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${fmt.format(bytes / (1024 * 1024))} MB`;
}

/** "PDF", "DWG", ... from a file name. */
export function fileKind(filename: string): string {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(filename)?.[1];
  return ext ? ext.toUpperCase() : 'FILE';
}
