import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubEntryId } from '../../functions/flights/completion.ts';
import { CHROMIUM, CHROMIUM_ARGS, chromiumAvailable } from '../helpers/browser.ts';
import { accessTokenOf } from '../helpers/cognito.ts';
import { type LocalProcess, startLocalProcess } from '../helpers/local-process.ts';
import { signInAs } from '../helpers/sign-in.ts';

/**
 * Issue 5's signature acceptance: a student's training flight waits in the instructor's
 * Signatures; the instructor signs it, the student sees it signed in the glider logbook, and the
 * signed flight refuses edits ("Not editable.", read-only) in flight/glider/{id}. Issue 13 §1: the
 * student downloads the glider logbook as a PDF from the browser, and a PDF reader finds in it the
 * whole date, the places, the times, the registration and the letters of the club's languages.
 */
const DESKTOP = { width: 1280, height: 800 };
const messages = JSON.parse(
  readFileSync(new URL('../../frontend/src/locales/hu/messages.json', import.meta.url), 'utf8'),
) as Record<string, string>;

describe.runIf(chromiumAvailable())('an instructor signs a training line', () => {
  let stack: LocalProcess;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    stack = await startLocalProcess();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    });
  });
  const downloads = mkdtempSync(join(tmpdir(), 'windsock-logbook-pdf-'));
  afterAll(async () => {
    rmSync(downloads, { recursive: true, force: true });
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await stack?.stop();
  });

  const signIn = async (email: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'hu-HU' });
    contexts.push(context);
    return signInAs(await context.newPage(), stack.url, email);
  };

  it('is signed from Signatures, shows signed to the student, and locks the flight', async () => {
    // A training flight of the student with the instructor, landed an hour ago (newest in the logbook).
    const takeoff = new Date(Date.now() - 90 * 60_000);
    takeoff.setUTCSeconds(0, 0);
    const created = await fetch(`${stack.url}/api/flights`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await accessTokenOf(stack.url, 'admin@demo.windsock.aero')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        plane_id: 'plane-ha-4012',
        takeoff_type_id: 3,
        takeoff_time: takeoff.toISOString(),
        landing_time: new Date(takeoff.getTime() + 8 * 60_000).toISOString(),
        pic_id: 'user-student',
        instructor_id: 'user-instructor',
        training: true,
        remarks: 'Csörlős iskolakör',
      }),
    });
    expect(created.status).toBe(200);
    const flightId = ((await created.json()) as { flight_id: string }).flight_id;
    // The student's line of it: a club line's id carries its club and flight.
    const lineId = clubEntryId('org-demo', flightId);

    // The instructor signs it from Signatures, after the confirmation that it locks the line.
    const instructor = await signIn('instructor@demo.windsock.aero');
    await instructor.goto(`${stack.url}/signature/`);
    await instructor.locator(`[data-testid="signature-sign-${lineId}"]`).first().click();
    await instructor.locator('[data-testid="signature-modal"]').waitFor();
    await instructor.locator('[data-testid="signature-confirm"]').click();
    await instructor.locator('[data-testid="flash-logbook:flash.signed"]').waitFor();
    await expect.poll(() => instructor.locator(`[data-testid="signature-sign-${lineId}"]`).count()).toBe(0);

    // The student finds the line signed in the glider logbook.
    const student = await signIn('student@demo.windsock.aero');
    await student.goto(`${stack.url}/logbook/glider/`);
    await student.locator(`[data-testid="logbook-status-${lineId}"][data-status="signed"]`).first().waitFor();
    await student.locator(`[data-testid="logbook-row-${lineId}"]`).first().click();
    await student.locator('[data-testid="entry-hash"]').waitFor();
    expect(await student.locator('[data-testid="entry-edit"]').count()).toBe(0);

    // The signed flight is read-only for whoever records flights.
    await instructor.goto(`${stack.url}/flight/glider/${flightId}/`);
    const refusal = instructor.locator('[data-testid="flight-not-editable"]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(messages.not_editable);
    expect(await instructor.locator('[data-testid="flight-save"]').count()).toBe(0);
    expect(await instructor.locator('[data-testid="flight-delete"]').count()).toBe(0);
    expect(
      await instructor.locator('[data-testid="flight-remarks"] textarea').getAttribute('readonly'),
    ).not.toBeNull();
  });
  it('downloads the logbook as a PDF in the EASA layout that a PDF reader reads whole', async () => {
    // A flight of the student two days ago, landed away from home, with a remark in three languages' letters.
    const takeoff = new Date(Date.now() - 2 * 86_400_000);
    takeoff.setUTCHours(9, 5, 0, 0);
    const landing = new Date(takeoff.getTime() + 47 * 60_000);
    const created = await fetch(`${stack.url}/api/flights`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await accessTokenOf(stack.url, 'admin@demo.windsock.aero')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        plane_id: 'plane-ha-4012',
        takeoff_type_id: 5,
        tow_altitude: 600,
        takeoff_time: takeoff.toISOString(),
        landing_time: landing.toISOString(),
        takeoff_airport: 'LHDK',
        landing_airport: 'LHBS',
        pic_id: 'user-student',
        remarks: 'Kőszeg felé, megfigyelő: Paweł Dvořák',
      }),
    });
    expect(created.status).toBe(200);

    const student = await signIn('student@demo.windsock.aero');
    await student.goto(`${stack.url}/logbook/glider/`);
    await student.locator('[data-testid="logbook-export"] button').first().click();
    const download = student.waitForEvent('download');
    await student.getByRole('menuitem', { name: 'PDF EASA elrendezésben' }).click();
    const file = join(downloads, (await download).suggestedFilename());
    expect(file).toMatch(/\.pdf$/);
    await (await download).saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    const local = (at: Date, part: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Budapest', ...part }).format(at);
    const date = local(takeoff, { year: 'numeric', month: '2-digit', day: '2-digit' })
      .split('/')
      .reverse()
      .join('.');
    const clock = (at: Date) => local(at, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    // The line whole, as the EASA book reads: date, place and time of departure and arrival, type, registration.
    expect(text).toMatch(
      new RegExp(
        `${date.replaceAll('.', '\\.')}\\s+LHDK\\s+${clock(takeoff)}\\s+LHBS\\s+${clock(landing)}\\s+AS21\\s+HA-4012`,
      ),
    );
    for (const letters of ['ő', 'ł', 'ř']) expect(text, letters).toContain(letters);
    expect(text).toContain('Kőszeg felé, megfigyelő: Paweł Dvořák');
  });
});
