// File sizes are written by core's formatFileSize (core/i18n/file-size.ts), the same on every page.

/** "PDF", "DWG", ... from a file name. */
export function fileKind(filename: string): string {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(filename)?.[1];
  return ext ? ext.toUpperCase() : 'FILE';
}
