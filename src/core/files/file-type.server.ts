// The one place that decides what an uploaded file is (issue 37, hole 3). Every upload box (public
// forms, lesson attachments, product files, invoices, rental contracts, tester and post images,
// static-site files) asks `checkFileType` with the kinds it accepts. The rule:
// - the type is the signature at offset 0 (never "somewhere in the first kilobyte", never the name
//   or the declared content type); the name only picks among formats that share a container
//   (OLE: .doc/.xls/.ppt/.rfa) and marks a Fluke LinkWare measurement (.flw);
// - no type carries active content: nothing a browser would sniff as a page (HTML, SVG, XML, script
//   tags in the first kilobyte), no program or script header (MZ, ELF, Mach-O, #!), no PDF action that
//   runs code (/JavaScript, /JS, /Launch; also inside compressed object streams), no macros (OOXML
//   vbaProject.bin, ODF Basic/, OLE _VBA_PROJECT) and no programs or scripts inside a ZIP. Ordinary PDFs
//   (Word, LibreOffice, browsers' print, pdf-lib) have none of these; /OpenAction alone (open at page
//   1) and embedded files (Factur-X XML) are allowed;
// - the stored name's extension is the detected type's (a PDF sent as "report.exe" is "report.pdf").
import { constants, inflateSync } from 'node:zlib';
import { safeFilename } from './storage.server';

export type FileKind =
  | 'pdf'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'avif'
  | 'zip'
  | 'xlsx'
  | 'docx'
  | 'pptx'
  | 'odt'
  | 'ods'
  | 'odp'
  | 'ole'
  | 'rtf'
  | 'dwg'
  | 'dxf'
  | 'flw';

export interface FileType {
  kind: FileKind;
  contentType: string;
  /** Fitting extensions; the first is given to a name that has none of them. */
  exts: readonly string[];
}

const T = (kind: FileKind, contentType: string, ...exts: string[]): FileType => ({ kind, contentType, exts });
const TYPES = {
  pdf: T('pdf', 'application/pdf', 'pdf'),
  png: T('png', 'image/png', 'png'),
  jpeg: T('jpeg', 'image/jpeg', 'jpg', 'jpeg'),
  gif: T('gif', 'image/gif', 'gif'),
  webp: T('webp', 'image/webp', 'webp'),
  avif: T('avif', 'image/avif', 'avif'),
  zip: T('zip', 'application/zip', 'zip'),
  xlsx: T('xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx', 'xltx'),
  docx: T('docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx', 'dotx'),
  pptx: T('pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx', 'ppsx', 'potx'),
  odt: T('odt', 'application/vnd.oasis.opendocument.text', 'odt'),
  ods: T('ods', 'application/vnd.oasis.opendocument.spreadsheet', 'ods'),
  odp: T('odp', 'application/vnd.oasis.opendocument.presentation', 'odp'),
  rtf: T('rtf', 'application/rtf', 'rtf'),
  dwg: T('dwg', 'image/vnd.dwg', 'dwg'),
  dxf: T('dxf', 'image/vnd.dxf', 'dxf'),
  flw: T('flw', 'application/octet-stream', 'flw'),
} satisfies Partial<Record<FileKind, FileType>>;

// OLE2 compound files: Word/Excel/PowerPoint 97-2003 and Revit families/projects; the name tells which.
const OLE_BY_EXT: Record<string, FileType> = {
  doc: T('ole', 'application/msword', 'doc', 'dot'),
  dot: T('ole', 'application/msword', 'dot', 'doc'),
  xls: T('ole', 'application/vnd.ms-excel', 'xls', 'xlt'),
  xlt: T('ole', 'application/vnd.ms-excel', 'xlt', 'xls'),
  ppt: T('ole', 'application/vnd.ms-powerpoint', 'ppt', 'pps'),
  pps: T('ole', 'application/vnd.ms-powerpoint', 'pps', 'ppt'),
  rfa: T('ole', 'application/octet-stream', 'rfa'),
  rvt: T('ole', 'application/octet-stream', 'rvt'),
  rte: T('ole', 'application/octet-stream', 'rte'),
  rft: T('ole', 'application/octet-stream', 'rft'),
};
const OLE_OTHER = T('ole', 'application/vnd.ms-office', 'doc', 'xls', 'ppt');

const ZIP_FAMILY = new Set<FileKind>(['xlsx', 'docx', 'pptx', 'odt', 'ods', 'odp']);

export const IMAGE_KINDS = ['png', 'jpeg', 'gif', 'webp', 'avif'] as const satisfies readonly FileKind[];

const buf = (data: Uint8Array) => (Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));
const at = (data: Buffer, sig: number[] | string, offset = 0) => {
  const b = typeof sig === 'string' ? Buffer.from(sig, 'latin1') : Buffer.from(sig);
  return data.length >= offset + b.length && data.subarray(offset, offset + b.length).equals(b);
};
const extOf = (name: string) => (name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '');

/** The names of a ZIP archive's entries, read from its central directory; null when it is not a whole ZIP. */
export function zipEntryNames(bytes: Buffer): string[] | null {
  const min = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= min; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = bytes.readUInt16LE(eocd + 10);
  let offset = bytes.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return null;
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength > bytes.length) return null;
    names.push(bytes.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** ODF keeps its type as the uncompressed first entry `mimetype`, right after the local header. */
function odfType(bytes: Buffer): string | null {
  if (bytes.length < 38 || bytes.toString('latin1', 30, 38) !== 'mimetype') return null;
  const size = bytes.readUInt32LE(18);
  const start = 30 + bytes.readUInt16LE(26) + bytes.readUInt16LE(28);
  if (size > 200 || start + size > bytes.length) return null;
  return bytes.toString('latin1', start, start + size);
}

function zipType(bytes: Buffer, names: string[]): FileType {
  const odf = odfType(bytes);
  for (const t of [TYPES.odt, TYPES.ods, TYPES.odp]) if (odf === t.contentType) return t;
  if (names.includes('[Content_Types].xml')) {
    if (names.some((n) => n.startsWith('xl/'))) return TYPES.xlsx;
    if (names.some((n) => n.startsWith('word/'))) return TYPES.docx;
    if (names.some((n) => n.startsWith('ppt/'))) return TYPES.pptx;
  }
  return TYPES.zip;
}

/** Whether the bytes are all text (a CSV or a script renamed to .flw looks like this; a LinkWare project is binary). */
export function isPlainText(data: Uint8Array): boolean {
  const b = buf(data);
  if (at(b, [0xff, 0xfe]) || at(b, [0xfe, 0xff])) return true;
  for (const c of b) {
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d && c !== 0x1b) || c === 0x7f) return false;
  }
  return true;
}

/**
 * The type of a file from its first bytes (signature at offset 0), or null when none is known. The
 * name only chooses among OLE formats and marks a LinkWare measurement (.flw, binary with no
 * published signature: any binary file that is no other known type and no program).
 */
export function detectFileType(data: Uint8Array, filename = ''): FileType | null {
  const b = buf(data);
  if (b.length === 0) return null;
  if (at(b, '%PDF-')) return TYPES.pdf;
  if (at(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return TYPES.png;
  if (at(b, [0xff, 0xd8, 0xff])) return TYPES.jpeg;
  if (at(b, 'GIF87a') || at(b, 'GIF89a')) return TYPES.gif;
  if (at(b, 'RIFF') && at(b, 'WEBP', 8)) return TYPES.webp;
  // AVIF: an ISO-BMFF 'ftyp' box whose major or compatible brands name avif/avis.
  if (at(b, 'ftyp', 4) && /avi[fs]/.test(b.toString('latin1', 8, Math.min(b.length, Math.max(16, b.readUInt32BE(0)))))) return TYPES.avif;
  if (at(b, [0x50, 0x4b, 0x03, 0x04]) || at(b, [0x50, 0x4b, 0x05, 0x06])) {
    const names = zipEntryNames(b);
    return names ? zipType(b, names) : null;
  }
  if (at(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return OLE_BY_EXT[extOf(filename)] ?? OLE_OTHER;
  if (at(b, '{\\rtf')) return TYPES.rtf;
  if (/^AC10\d\d/.test(b.toString('latin1', 0, 6))) return TYPES.dwg;
  if (at(b, 'AutoCAD Binary DXF')) return TYPES.dxf;
  const head = b.toString('latin1', 0, 64);
  if (/^\s*0\s*\r?\n\s*SECTION\b/.test(head) || /^\s*999\s*\r?\n/.test(head)) return TYPES.dxf;
  if (extOf(filename) === 'flw' && !isPlainText(b)) return TYPES.flw;
  return null;
}

// What a browser sniffs as a page (old ones look for these tags in the first bytes of any file).
// Tags of at most four letters are left out: they turn up by chance in compressed image data.
const MARKUP = /<(?:!doctype\s+html|html|head|body|script|iframe|svg|object|embed|frameset|plaintext)[\s>/]/i;
const PROGRAMS: number[][] = [
  [0x4d, 0x5a], // MZ: Windows PE / DOS
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O 64
  [0xce, 0xfa, 0xed, 0xfe], // Mach-O 32
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O universal / Java class
  [0x23, 0x21], // #! script
];
// Programs, scripts and macro documents inside an archive: a user extracting it would run them.
const RUNNABLE = /\.(?:exe|dll|scr|com|bat|cmd|msi|msp|ps1|psm1|vbs|vbe|js|jse|mjs|wsf|wsh|hta|lnk|jar|apk|app|sh|reg|cpl|pif|docm|xlsm|pptm)$/i;
// PDF names whose actions run code; "#xx" escapes in names are decoded before the match.
const PDF_ACTIVE = /\/(?:JavaScript|JS|Launch)(?=[\s()<>[\]{}/%]|$)/;

function pdfText(b: Buffer): string {
  return b.toString('latin1').replace(/#([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

/** The decompressed object streams of a PDF (PDF 1.5+ keeps dictionaries there, actions included). */
function* pdfObjectStreams(b: Buffer): Generator<Buffer> {
  const text = b.toString('latin1');
  const re = /\/Type\s*\/ObjStm\b[\s\S]{0,400}?stream\r?\n/g;
  let budget = 64 * 1024 * 1024;
  for (let m = re.exec(text); m && budget > 0; m = re.exec(text)) {
    const start = m.index + m[0].length;
    try {
      const out = inflateSync(b.subarray(start), { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: Math.min(budget, 16 * 1024 * 1024) });
      budget -= out.length;
      yield out;
    } catch {
      // Not Flate or broken: nothing to read (a viewer could not read it either).
    }
  }
}

/** Whether the file holds content that a browser or an OS would run (see the rule at the top). */
export function hasActiveContent(data: Uint8Array, type: FileType): boolean {
  const b = buf(data);
  if (PROGRAMS.some((sig) => at(b, sig))) return true;
  if (MARKUP.test(b.toString('latin1', 0, 1024))) return true;
  switch (type.kind) {
    case 'pdf':
      if (PDF_ACTIVE.test(pdfText(b))) return true;
      for (const s of pdfObjectStreams(b)) if (PDF_ACTIVE.test(pdfText(s))) return true;
      return false;
    case 'zip':
    case 'xlsx':
    case 'docx':
    case 'pptx':
    case 'odt':
    case 'ods':
    case 'odp':
      return (zipEntryNames(b) ?? []).some((n) => RUNNABLE.test(n) || /(^|\/)vbaProject\.bin$/i.test(n) || /^Basic\//.test(n));
    case 'ole':
      return b.includes(Buffer.from('_VBA_PROJECT', 'utf16le'));
    case 'flw':
    case 'dxf':
    case 'rtf':
      return MARKUP.test(b.toString('latin1'));
    default:
      return false;
  }
}

/** The name with the extension of its real type (kept when it already has a fitting one); bidi and control characters removed. */
export function nameForType(filename: string, type: Pick<FileType, 'exts'>): string {
  const name = safeFilename(filename);
  const ext = extOf(name);
  if (type.exts.includes(ext)) return name;
  const base = ext ? name.slice(0, -(ext.length + 1)) : name;
  return `${base || 'file'}.${type.exts[0]}`;
}

export interface CheckedFileType extends FileType {
  /** The name to store: cleaned, with the detected type's extension. */
  filename: string;
}

/**
 * What an upload box asks: the file's type when it is one of `allowed` and holds no active content,
 * with the name to store it under; null otherwise (the box answers 422 with its sentence).
 */
export function checkFileType(data: Uint8Array, filename: string, allowed: readonly FileKind[]): CheckedFileType | null {
  const type = detectFileType(data, filename);
  if (!type || hasActiveContent(data, type)) return null;
  // Office files are ZIP archives: a box that takes ZIP takes them, under their own type and extension.
  if (!allowed.includes(type.kind) && !(allowed.includes('zip') && ZIP_FAMILY.has(type.kind))) return null;
  return { ...type, filename: nameForType(filename, type) };
}

/** The fitting extensions of a stored content type (for a renamed download); [] when unknown or ambiguous (octet-stream). */
export function extensionsOf(contentType: string): readonly string[] {
  if (contentType === 'application/octet-stream') return [];
  for (const t of [...Object.values(TYPES), ...Object.values(OLE_BY_EXT), OLE_OTHER]) if (t.contentType === contentType) return t.exts;
  return [];
}
