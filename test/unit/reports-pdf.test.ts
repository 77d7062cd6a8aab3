import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ReportRunOutput } from '../../contracts/schemas/reports.ts';
import { reportPdf } from '../../frontend/src/features/reports/report-pdf.ts';
import huLedger from '../../frontend/src/locales/hu/ledger.json' with { type: 'json' };
import hu from '../../frontend/src/locales/hu/reports.json' with { type: 'json' };

/**
 * A report's PDF (issue 17 §4), made with the shared PDF module, read back as a reader reads it
 * (poppler's pdftotext): the title, each section under its translated name, cells as on the screen
 * (h:mm, forints, transaction types by name, Hungarian letters intact), long sections over pages.
 */
const dir = mkdtempSync(join(tmpdir(), 'windsock-report-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fonts = {
  regular: readFileSync(
    new URL('../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf', import.meta.url),
  ),
  bold: readFileSync(
    new URL('../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf', import.meta.url),
  ),
};
const read = (bytes: Uint8Array, name: string) => {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .filter((page) => page.trim() !== '');
};
const lookup = (texts: unknown, path: string) => {
  let value = texts;
  for (const part of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return typeof value === 'string' ? value : path;
};
const t = (key: string) =>
  key.startsWith('ledger:') ? lookup(huLedger, key.slice(7)) : lookup(hu, key.replace(/^reports:/, ''));

const report = {
  report_id: 'r1',
  built_in: false,
  name: 'Éves összesítő',
  description: null,
  source: 'flights' as const,
  group_by: 'member' as const,
  filters: {},
  chart: false,
  version: 1,
  updated_at: null,
  can_edit: false,
  can_delete: false,
};

describe("a report's PDF", () => {
  it('prints each section under its name, the cells as the screen shows them', async () => {
    const run: ReportRunOutput = {
      report,
      from: '2026-01-01',
      to: '2026-12-31',
      sections: [
        {
          key: 'by_member',
          columns: [
            { key: 'member', type: 'text' },
            { key: 'flights', type: 'count' },
            { key: 'minutes', type: 'minutes' },
          ],
          rows: [['Őri Ödön', 12, 754]],
          chart: null,
        },
        {
          key: 'by_type',
          columns: [
            { key: 'transaction_type', type: 'transaction_type' },
            { key: 'net', type: 'money' },
          ],
          rows: [['flight_charge', -845000]],
          chart: null,
          currency_id: 'HUF',
        },
      ],
    };
    const bytes = await reportPdf(
      {
        run,
        title: 'Éves összesítő',
        period: '2026.01.01 – 2026.12.31',
        t,
        lang: 'hu',
        created: new Date(0),
      },
      fonts,
    );
    const pages = read(bytes, 'one.pdf');
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Éves összesítő');
    expect(pages[0]).toContain('Tagonként');
    expect(pages[0]).toMatch(/Őri Ödön\s+12\s+12:34/);
    expect(pages[1]).toContain('Repülési díj');
    expect(pages[1]).toMatch(/−?-?8\s?450\s?Ft/);
  });

  it('continues a long section on the next page', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`Tag ${i + 1}`, i, i * 10]);
    const run: ReportRunOutput = {
      report,
      from: '2026-01-01',
      to: '2026-12-31',
      sections: [
        {
          key: 'by_member',
          columns: [
            { key: 'member', type: 'text' },
            { key: 'flights', type: 'count' },
            { key: 'minutes', type: 'minutes' },
          ],
          rows,
          chart: null,
        },
      ],
    };
    const pages = read(
      await reportPdf({ run, title: 'Hosszú', period: '', t, lang: 'hu', created: new Date(0) }, fonts),
      'long.pdf',
    );
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join('\n');
    for (const name of ['Tag 1 ', 'Tag 60 ', 'Tag 120 ']) expect(all).toContain(name);
    // The header and the section's name repeat on the next page.
    expect(pages[1]).toMatch(/Tag\s+Repülések/);
    expect(pages[1]).toContain('Tagonként');
  });
});
