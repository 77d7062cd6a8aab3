import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The API client owns spec §8: what each failure does before a screen sees it, and the loading
 * counter that must come back down in every case. Browser globals are stood in for; Amplify is
 * replaced by a fixed token.
 */
const browser = await vi.hoisted(async () => {
  const { installMemoryStorage } = await import('../helpers/storage.ts');
  const stores = installMemoryStorage();
  const location = { pathname: '/profile/organization-edit/', search: '?tab=1' };
  Object.defineProperty(globalThis, 'window', { value: { location }, configurable: true });
  return { ...stores, location };
});

vi.mock('../../frontend/src/lib/auth.ts', () => ({
  accessToken: async () => 'token-1',
  signOutLocally: vi.fn(async () => {}),
}));
vi.mock('../../frontend/src/lib/config.ts', () => ({ config: () => ({ apiBase: '' }) }));

const { ApiError, call, FieldErrors } = await import('../../frontend/src/lib/api-client.ts');
const { signOutLocally } = await import('../../frontend/src/lib/auth.ts');
const { flashes, clearFlashes } = await import('../../frontend/src/lib/flash.ts');
const { loadingCount } = await import('../../frontend/src/lib/loading.ts');
const { loginPathFor, setNavigator } = await import('../../frontend/src/lib/navigation.ts');
const { endSession, session, UNSENT_PREFIX } = await import('../../frontend/src/lib/session-state.ts');

const navigate = vi.fn();
setNavigator(navigate);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers every request with `response`, recording the request and the loading count during it. */
const answer = (response: () => Response | Promise<Response>) => {
  const seen: { url: string; init: RequestInit; loadingDuring: number }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      seen.push({ url, init, loadingDuring: loadingCount.get() });
      return response();
    }),
  );
  return seen;
};

const flashKeys = () => flashes.get().map((item) => `${item.type}:${item.messageKey}`);

const signedIn = () => {
  session.set({ loggedIn: true, profile: { user_id: 'u1' } as never, organizations: [] });
  browser.local.setItem('windsock.lang', 'de');
};

beforeEach(() => {
  // The development-time contract check warns about the abbreviated bodies these tests answer with.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  clearFlashes();
  navigate.mockReset();
  vi.mocked(signOutLocally).mockClear();
  browser.session.clear();
  loadingCount.set(0);
});

describe('call', () => {
  it('sends the route table’s method and path with the bearer token and returns the body', async () => {
    const seen = answer(() => json(200, { ok: true, time: 'now' }));
    await expect(call('health')).resolves.toEqual({ ok: true, time: 'now' });
    expect(seen[0]?.url).toBe('/api/health');
    expect(seen[0]?.init.method).toBe('GET');
    expect((seen[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer token-1');
    expect(seen[0]?.loadingDuring).toBe(1);
    expect(loadingCount.get()).toBe(0);
  });

  it('sends the body as JSON', async () => {
    const seen = answer(() => json(200, {}));
    await call('changeLanguage', { body: { lang: 'sk' } });
    expect(seen[0]?.init.method).toBe('PATCH');
    expect(seen[0]?.url).toBe('/api/profile/change-language');
    expect(seen[0]?.init.body).toBe('{"lang":"sk"}');
    expect((seen[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('leaves POST /api/check out of the loading counter', async () => {
    const seen = answer(() => json(200, { user_id: 'u1', organization_id: null }));
    await call('checkSession');
    expect(seen[0]?.loadingDuring).toBe(0);
    expect(loadingCount.get()).toBe(0);
  });
});

describe('spec §8 error catalogue', () => {
  it('422: throws the field errors for the form, no flash', async () => {
    answer(() => json(422, { code: 'validation_failed', errors: { short_name: ['too_long'] } }));
    const error = await call('health').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FieldErrors);
    expect((error as InstanceType<typeof FieldErrors>).errors).toEqual({ short_name: ['too_long'] });
    expect(flashKeys()).toEqual([]);
    expect(loadingCount.get()).toBe(0);
  });

  it.each([401, 419])(
    '%i: logs out, clears local state, remembers the screen and goes to login',
    async (status) => {
      signedIn();
      answer(() => json(status, { code: 'unauthorized' }));
      const error = await call('getProfile').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as InstanceType<typeof ApiError>).handled).toBe(true);
      expect(signOutLocally).toHaveBeenCalledOnce();
      expect(session.get()).toEqual({ loggedIn: false, profile: null, organizations: [] });
      expect(browser.local.getItem('windsock.profile')).toBeNull();
      expect(browser.local.getItem('windsock.lang')).toBe('de');
      expect(browser.session.getItem('windsock.return_to')).toBe('/profile/organization-edit/?tab=1');
      expect(flashKeys()).toEqual(['error:unauthorized']);
      expect(navigate).toHaveBeenCalledWith('/login/', { replace: true });
      expect(loadingCount.get()).toBe(0);
    },
  );

  it('a session check failing on an RFID page remembers the badge path for after login (spec §8)', async () => {
    signedIn();
    const before = { ...browser.location };
    Object.assign(browser.location, { pathname: '/rfid/04A1B2C3/', search: '' });
    try {
      answer(() => json(401, { code: 'unauthorized' }));
      await call('checkSession').catch(() => undefined);
      expect(browser.session.getItem('windsock.return_to')).toBe('/rfid/04A1B2C3/');
      expect(navigate).toHaveBeenCalledWith('/login/', { replace: true });
    } finally {
      Object.assign(browser.location, before);
    }
  });

  it("an expired session keeps the daily sheet's unsent taps; a chosen logout clears them", async () => {
    const outbox = `${UNSENT_PREFIX}daily-flight.org-demo.2026-05-01`;
    signedIn();
    browser.local.setItem(outbox, '[{"kind":"land"}]');
    answer(() => json(401, { code: 'unauthorized' }));
    await call('getProfile').catch(() => undefined);

    expect(browser.local.getItem(outbox)).toBe('[{"kind":"land"}]');
    expect(browser.local.getItem('windsock.profile')).toBeNull();

    await endSession();
    expect(browser.local.getItem(outbox)).toBeNull();
  });

  it('403 with code invalid_credentials: flash invalid_credentials', async () => {
    answer(() => json(403, { code: 'invalid_credentials' }));
    await expect(call('getProfile')).rejects.toMatchObject({
      status: 403,
      code: 'invalid_credentials',
      handled: true,
    });
    expect(flashKeys()).toEqual(['error:invalid_credentials']);
    expect(loadingCount.get()).toBe(0);
  });

  it('other 403: flash missing_permissions', async () => {
    answer(() => json(403, { code: 'module_disabled' }));
    await expect(call('getOwnOrganization')).rejects.toMatchObject({
      code: 'missing_permissions',
      handled: true,
    });
    expect(flashKeys()).toEqual(['error:missing_permissions']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('no response at all: flash network_error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(call('getProfile')).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      handled: true,
    });
    expect(flashKeys()).toEqual(['error:network_error']);
    expect(loadingCount.get()).toBe(0);
  });

  it('a burst of failures shows one message, not one per request', async () => {
    answer(() => json(503, {}));
    await Promise.allSettled([call('getProfile'), call('listMyOrganizations'), call('getProfile')]);
    expect(flashKeys()).toEqual(['error:server_error']);
    expect(loadingCount.get()).toBe(0);
  });

  it('409 and other codes reach the screen untouched', async () => {
    answer(() => json(409, { code: 'conflict' }));
    await expect(call('updateOwnOrganization', { body: {} as never })).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      handled: false,
    });
    expect(flashKeys()).toEqual([]);
    expect(loadingCount.get()).toBe(0);
  });

  it('an unreadable error body still decrements the counter', async () => {
    answer(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(call('getProfile')).rejects.toMatchObject({ code: 'server_error' });
    expect(loadingCount.get()).toBe(0);
  });
});

describe('where a lapsed session signs in again', () => {
  it('keeps the rule in one place: the daily sheet has its own login (spec §8)', () => {
    expect(loginPathFor('/profile/organization-edit/')).toBe('/login/');
    expect(loginPathFor('/daily-flight/2026-05-01/')).toBe('/daily-flight/login/');
  });
});
