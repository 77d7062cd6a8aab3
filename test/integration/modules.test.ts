import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform, subOf } from '../helpers/platform.ts';

const supervisor = subOf('supervisor@demo.windsock.aero');
const pilot = subOf('pilot@demo.windsock.aero');

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

describe('a module switched off for the organization (spec §1, §6)', () => {
  it("takes its API away from the members and its name out of their profile's modules", async () => {
    const before = await platform.invoke('listAddressBook', { sub: pilot });
    const record = await platform.invoke('getOrganization', { sub: supervisor, params: { id: 'org-demo' } });
    const modules = (record.body.modules as string[]).filter((m) => m !== 'address-book');

    const saved = await platform.invoke('updateOrganization', {
      sub: supervisor,
      params: { id: 'org-demo' },
      body: {
        organization_name: record.body.organization_name,
        short_name: record.body.short_name,
        timezone: record.body.timezone,
        modules,
        version: record.body.version,
      },
    });
    const after = await platform.invoke('listAddressBook', { sub: pilot });
    const profile = await platform.invoke('getProfile', { sub: pilot });

    expect(before.status).toBe(200);
    expect(saved.status).toBe(200);
    expect(after.status).toBe(403);
    expect(after.body).toEqual({ code: 'module_disabled' });
    expect(profile.body.organization.modules).not.toContain('address-book');
    expect(profile.body.organization.modules).toContain('daily-flight');
  });

  it('leaves the other organization untouched', async () => {
    const alpine = await platform.invoke('getProfile', { sub: subOf('admin@alpine.windsock.aero') });

    expect(alpine.body.organization.modules).toContain('address-book');
  });
});
