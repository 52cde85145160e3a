// Reading an uploaded XLSX: the stream reader parks a worksheet stored before the shared strings
// (Excel's own order) in a temporary file; an unusable temporary folder must not make a good file
// "unreadable".
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '../import-columns';
import { readImportFile } from '../import.server';

async function workbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Produkty');
  ws.addRow([...IMPORT_COLUMNS]);
  ws.addRow(IMPORT_COLUMNS.map((c) => (c === 'name_pl' ? 'Kabel U/UTP' : c === 'name_en' ? 'U/UTP cable' : null)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (data: Buffer) => ({ data, filename: 'produkty.xlsx', mimetype: 'application/octet-stream' }) as never;
const savedTmp = process.env.TMPDIR;
afterEach(() => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
});

describe('reading an XLSX import file', () => {
  it('reads the header and the rows', async () => {
    const parsed = await readImportFile(upload(await workbook()), 'pl');
    expect(parsed.columns.has('name_pl')).toBe(true);
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rows[0]).toMatchObject({ line: 2, values: { name_pl: 'Kabel U/UTP', name_en: 'U/UTP cable' } });
  });

  it('reads the same file when the temporary folder cannot be written', async () => {
    process.env.TMPDIR = '/nonexistent/cabling-tmp';
    const parsed = await readImportFile(upload(await workbook()), 'en');
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rows[0]).toMatchObject({ line: 2, values: { name_pl: 'Kabel U/UTP', name_en: 'U/UTP cable' } });
  });

  it('still calls a damaged file unreadable', async () => {
    const data = await workbook();
    data.fill(0x41, 60, 400);
    await expect(readImportFile(upload(data), 'en')).rejects.toMatchObject({ status: 422, errors: { file: [expect.stringContaining('could not be read')] } });
  });
});
