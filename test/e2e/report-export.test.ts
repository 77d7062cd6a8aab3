import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, chromiumAvailable } from '../helpers/browser.ts';
import { type LocalProcess, startLocalProcess } from '../helpers/local-process.ts';
import { signInAs } from '../helpers/sign-in.ts';

/**
 * Issue 17 §9: the treasurer opens the club's yearly statistics from the reports list, sees the
 * months charted and tabled, exports the report as XLSX, and the downloaded file opens with a real
 * XLSX reader (exceljs) with the sheets and headers in Hungarian.
 */
describe.runIf(chromiumAvailable())('the treasurer exports a report', () => {
  let stack: LocalProcess;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startLocalProcess();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('downloads the yearly statistics as an XLSX a spreadsheet reader opens', async () => {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 768 },
      locale: 'hu-HU',
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await signInAs(page, stack.url, 'finance@demo.windsock.aero');

    await page.goto(`${stack.url}/reports/`);
    await page.locator('[data-testid="report-link-yearly-statistics"]').click();
    await page.locator('[data-testid="report-section-by_month"]').waitFor();
    await page.locator('[data-testid="report-chart-by_month"]').waitFor();
    // The treasurer reads reports but does not edit them: no edit button.
    expect(await page.locator('[data-testid="report-view-edit"]').count()).toBe(0);

    await page.locator('[data-testid="report-export"] button').first().click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'XLSX-fájl' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^eves-statisztika-\d{4}-01-01-\d{4}-12-31\.xlsx$/);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await file.path())!)) as never);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Összesítés',
      'Havonta',
      'Indítások módonként',
      'Légijárművenként',
      'Tagonként',
    ]);
    const months = book.getWorksheet('Havonta')!;
    expect(months.getRow(1).getCell(1).value).toBe('Hónap');
    expect(months.rowCount).toBe(13);
    const totals = book.getWorksheet('Összesítés')!;
    expect(totals.getRow(2).getCell(1).value).toBeGreaterThan(0);
    await context.close();
  });
});
