import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { linhas } from '../../server/importacao/planilha';
import { xlsx, zip } from '../support/planilhas';

const ler = async (file: Buffer) => {
  const rows = [];
  for await (const row of linhas(() => Readable.from([file]), file.subarray(0, 65536))) rows.push(row);
  return rows;
};

const workbook = (sheet: string, sharedStrings?: string) => [
  {
    name: '[Content_Types].xml',
    data: Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
  },
  { name: 'xl/workbook.xml', data: Buffer.from('<workbook><sheets><sheet name="Planilha" sheetId="1" r:id="rId1"/></sheets></workbook>') },
  // Excel's own order: the worksheet before the shared strings.
  { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) },
  ...(sharedStrings ? [{ name: 'xl/sharedStrings.xml', data: Buffer.from(sharedStrings) }] : []),
];

describe('reading an XLSX (the first worksheet, as the sheet shows it)', () => {
  it('reads the same rows every time, many reads at once (a reader that lost bytes under load called a good file corrupted)', async () => {
    const rows = [
      ['CPF', 'Nome', 'E-mail', 'Celular'],
      ['39053344705', 'Importada Alfa', 'alfa@exemplo.com.br', '11987654321'],
      ['00000000000', 'Inválida Ção', 'x@exemplo.com.br', ''],
    ];
    const expected = [
      { linha: 1, celulas: rows[0] },
      { linha: 2, celulas: rows[1] },
      { linha: 3, celulas: rows[2] },
    ];
    for (let round = 0; round < 150; round++) {
      // A new file each round, as each import is: the reads at once meet other work on the event loop.
      const file = await xlsx(rows);
      const reads = await Promise.all(Array.from({ length: 4 }, () => ler(file)));
      for (const read of reads) expect(read).toEqual(expected);
    }
  }, 120_000);

  it("reads Excel's order (worksheet first), prefixed names, inline and rich text without phonetic hints, booleans, gaps and long numbers", async () => {
    const sheet = `<?xml version="1.0" encoding="UTF-8"?>
      <x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>
        <x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="C1" t="s"><x:v>1</x:v></x:c></x:row>
        <x:row r="3"><x:c r="A3" t="inlineStr"><x:is><x:t> Texto &amp; mais </x:t></x:is></x:c><x:c r="B3" t="b"><x:v>1</x:v></x:c>
          <x:c r="C3"><x:v>8955010012345678901</x:v></x:c><x:c r="D3"><x:v>42.5</x:v></x:c><x:c r="E3" t="e"><x:v>#N/A</x:v></x:c></x:row>
      </x:sheetData></x:worksheet>`;
    const strings = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="2" uniqueCount="2">
      <si><t xml:space="preserve"> Nome </t></si>
      <si><r><rPr><b/></rPr><t>Ação</t></r><r><t xml:space="preserve"> Ünica</t></r><rPh sb="0" eb="1"><t>アクション</t></rPh></si></sst>`;
    expect(await ler(zip(workbook(sheet, strings)))).toEqual([
      { linha: 1, celulas: ['Nome', '', 'Ação Ünica'] },
      { linha: 3, celulas: ['Texto & mais', 'VERDADEIRO', '8955010012345679000', '42.5', ''], imprecisas: [2] },
    ]);
  });

  it('a worksheet that is not XML, or a zip without a worksheet, is a corrupted file', async () => {
    await expect(ler(zip(workbook('<worksheet><sheetData><row><c><v>1</v></row></sheetData>')))).rejects.toThrow(/corrompido/);
    await expect(ler(zip(workbook('<worksheet/>').filter((entry) => !entry.name.includes('worksheets'))))).rejects.toThrow(/corrompido/);
  });
});
