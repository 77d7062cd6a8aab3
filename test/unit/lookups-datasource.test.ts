import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The browser's datasource cache (spec §4, §7, §9): 15 minutes in memory and sessionStorage, never
 * for planes, forgotten on logout and organization switch, and the spec's wait-1-second-and-retry
 * when a load of the same type is in progress. The API call is replaced by answers the test controls.
 */
const browser = await vi.hoisted(async () => {
  const { installMemoryStorage } = await import('../helpers/storage.ts');
  return installMemoryStorage();
});

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../frontend/src/lib/api-client.ts', () => ({ call: api.call }));
vi.mock('../../frontend/src/lib/auth.ts', () => ({ signOutLocally: async () => {} }));

const { session, setProfile } = await import('../../frontend/src/lib/session-state.ts');
const { DATASOURCE_CACHE_MS, clearDatasources, loadDatasource } = await import(
  '../../frontend/src/lib/datasource.ts'
);

const profile = (organization_id: string, user_id = 'user-pilot') =>
  ({ user_id, lang: 'hu', organization: { organization_id } }) as never;

/** An API answer the test resolves or rejects when it wants. */
const deferred = () => {
  let resolve!: (value: { items: unknown[] }) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<{ items: unknown[] }>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const users = [{ user_id: 'user-pilot', name: 'Molnár Anna', callsign: null }];
const planes = [{ plane_id: 'p1', reg_num: 'HA-4321' }];

beforeEach(() => {
  vi.useFakeTimers();
  api.call.mockReset();
  setProfile(profile('org-demo'));
  clearDatasources();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the 15-minute cache', () => {
  it('answers from the kept list for 15 minutes, then asks the API again', async () => {
    api.call.mockResolvedValue({ items: users });

    const first = await loadDatasource('users');
    vi.advanceTimersByTime(DATASOURCE_CACHE_MS - 1);
    const second = await loadDatasource('users');
    vi.advanceTimersByTime(1);
    await loadDatasource('users');

    expect(first).toEqual(users);
    expect(second).toEqual(users);
    expect(api.call).toHaveBeenCalledTimes(2);
    expect(api.call).toHaveBeenCalledWith('getDatasource', { params: { source_type: 'users' } });
  });

  it('keeps the list in sessionStorage, so a reload of the tab does not ask again', async () => {
    api.call.mockResolvedValue({ items: users });
    await loadDatasource('users');
    const stored = JSON.parse(browser.session.getItem('windsock.datasource.users') ?? 'null');

    expect(stored.items).toEqual(users);
    expect(stored.owner).toBe('user-pilot|org-demo|hu');
  });

  it('never keeps the planes list', async () => {
    api.call.mockResolvedValue({ items: planes });

    await loadDatasource('planes');
    await loadDatasource('planes');

    expect(api.call).toHaveBeenCalledTimes(2);
    expect(browser.session.getItem('windsock.datasource.planes')).toBeNull();
  });

  it('forgets every list when the user switches organization', async () => {
    api.call.mockResolvedValue({ items: users });
    await loadDatasource('users');

    setProfile(profile('org-alpine'));
    await loadDatasource('users');

    expect(api.call).toHaveBeenCalledTimes(2);
  });

  it('forgets every list on logout, in memory and in sessionStorage', async () => {
    api.call.mockResolvedValue({ items: users });
    await loadDatasource('users');

    session.set({ loggedIn: false, profile: null, organizations: [] });

    expect(browser.session.getItem('windsock.datasource.users')).toBeNull();
    setProfile(profile('org-demo'));
    await loadDatasource('users');
    expect(api.call).toHaveBeenCalledTimes(2);
  });

  it('does not keep a list that arrives after the user switched organization', async () => {
    const answer = deferred();
    api.call.mockReturnValueOnce(answer.promise).mockResolvedValue({ items: [] });

    const loading = loadDatasource('users');
    setProfile(profile('org-alpine'));
    answer.resolve({ items: users });
    await loading;
    const forAlpine = await loadDatasource('users');

    expect(forAlpine).toEqual([]);
    expect(api.call).toHaveBeenCalledTimes(2);
  });
});

describe('spec §7: wait 1 second and retry while another load is in progress', () => {
  it('lets a second caller wait 1 s and then take the list the first load kept', async () => {
    const answer = deferred();
    api.call.mockReturnValueOnce(answer.promise);

    const first = loadDatasource('roles');
    let secondDone = false;
    const second = loadDatasource('roles').then((items) => {
      secondDone = true;
      return items;
    });
    answer.resolve({ items: [{ role_id: 'pilot' }] });
    await first;
    await vi.advanceTimersByTimeAsync(999);

    expect(secondDone).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await second).toEqual([{ role_id: 'pilot' }]);
    expect(api.call).toHaveBeenCalledTimes(1);
  });

  it('keeps waiting in 1 s steps while the first load is still running', async () => {
    const answer = deferred();
    api.call.mockReturnValueOnce(answer.promise);

    const first = loadDatasource('airports');
    const second = loadDatasource('airports');
    await vi.advanceTimersByTimeAsync(3000);

    expect(api.call).toHaveBeenCalledTimes(1);
    answer.resolve({ items: [{ airport_id: 'lhdk' }] });
    await first;
    await vi.advanceTimersByTimeAsync(1000);
    expect(await second).toEqual([{ airport_id: 'lhdk' }]);
    expect(api.call).toHaveBeenCalledTimes(1);
  });

  it('makes a second planes caller load again itself after the wait, since planes are never kept', async () => {
    const answer = deferred();
    api.call.mockReturnValueOnce(answer.promise).mockResolvedValueOnce({ items: planes });

    const first = loadDatasource('planes');
    const second = loadDatasource('planes');
    await vi.advanceTimersByTimeAsync(1000);

    expect(api.call).toHaveBeenCalledTimes(1);
    answer.resolve({ items: [] });
    await first;
    await vi.advanceTimersByTimeAsync(1000);
    expect(await second).toEqual(planes);
    expect(api.call).toHaveBeenCalledTimes(2);
  });

  it('lets the waiting caller load itself when the first load failed', async () => {
    const answer = deferred();
    api.call.mockReturnValueOnce(answer.promise).mockResolvedValueOnce({ items: users });

    const first = loadDatasource('users');
    const second = loadDatasource('users');
    answer.reject(new Error('network_error'));
    await expect(first).rejects.toThrow('network_error');
    await vi.advanceTimersByTimeAsync(1000);

    expect(await second).toEqual(users);
    expect(api.call).toHaveBeenCalledTimes(2);
  });

  it('does not make callers of another type wait', async () => {
    const answer = deferred();
    api.call.mockReturnValueOnce(answer.promise).mockResolvedValueOnce({ items: users });

    void loadDatasource('roles');
    const other = await loadDatasource('users');

    expect(other).toEqual(users);
    answer.resolve({ items: [] });
  });
});
