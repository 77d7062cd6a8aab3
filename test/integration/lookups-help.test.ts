import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

// Prepare: the Slovak texts as they would be while a page's translation is still missing.
vi.mock('../../functions/identity/help/sk.json', async (original) => {
  const { default: texts } = (await original()) as { default: Record<string, unknown> };
  const { users: _missing, ...rest } = texts;
  return { default: rest };
});

let platform: Platform;
const help = (page: string, query?: Record<string, string>, sub?: string) =>
  platform.invoke('getHelp', { params: { page }, query, sub });

beforeAll(async () => {
  platform = await startPlatform({ seed: false });
});
afterAll(async () => {
  await platform?.close();
});

describe('GET /api/help/{page}', () => {
  it('answers the text of a page in the requested language, as paragraphs and lists', async () => {
    const { status, body } = await help('dashboard', { lang: 'de' });

    expect(status).toBe(200);
    expect(body.page).toBe('dashboard');
    expect(body.lang).toBe('de');
    expect(body.title).toBe('Übersicht');
    expect(body.body[0]).toEqual({ type: 'paragraph', text: expect.stringContaining('Anmeldung') });
    expect(body.body.some((block: any) => block.type === 'list' && block.items.length > 0)).toBe(true);
  });

  it('needs no sign-in: the public screens show help too', async () => {
    const anonymous = await help('login', { lang: 'en' });
    const signedIn = await help('login', { lang: 'en' }, subOf('pilot@demo.windsock.aero'));

    expect(anonymous.status).toBe(200);
    expect(anonymous.body.title).toBe('Sign in');
    expect(signedIn.body).toEqual(anonymous.body);
  });

  it('speaks Hungarian, the default language, when no language is asked for', async () => {
    const { body } = await help('users');

    expect(body.lang).toBe('hu');
    expect(body.title).toBe('Tagok');
  });

  it('falls back to English where the language has no text for the page, and says so', async () => {
    const missing = await help('users', { lang: 'sk' });
    const present = await help('roles', { lang: 'sk' });

    expect(missing.status).toBe(200);
    expect(missing.body.lang).toBe('en');
    expect(missing.body.title).toBe('Members');
    expect(present.body.lang).toBe('sk');
    expect(present.body.title).toBe('Roly');
  });

  it('answers 404 for a page that has no help', async () => {
    const unknown = await help('no-such-page', { lang: 'en' });
    const prototype = await help('constructor', { lang: 'en' });

    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'not_found' });
    expect(prototype.status).toBe(404);
  });

  it('answers 422 for a language the product does not have', async () => {
    const { status, body } = await help('dashboard', { lang: 'es' });

    expect(status).toBe(422);
    expect(body).toEqual({ code: 'validation_failed', errors: { lang: ['invalid_value'] } });
  });
});
