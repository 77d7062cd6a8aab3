import type { EntityItem } from 'electrodb';
import { type ActionRecord, type Auditor, auditedWrite } from '../platform/audit/actions.ts';
import { fillPage } from '../platform/db/pages.ts';
import { db } from '../platform/db/service.ts';
import { patchAtVersion } from '../platform/db/writes.ts';
import type { operatingDay, operatingDaySignup } from './entities.ts';

export type StoredOperatingDay = EntityItem<typeof operatingDay>;
export type StoredSignup = EntityItem<typeof operatingDaySignup>;

/** One sign-up change of a day: the day's version moves on with it, so changes of a day are one at a time. */
export interface SignupChange {
  organizationId: string;
  date: string;
  dayVersion: number;
  put?: StoredSignup;
  remove?: string;
  promote: string[];
  audit: ActionRecord;
}

/** The operations domain's operating-day reads and writes; operating-day-service.ts holds the rules. */
export const operatingDayStore = {
  async day(organizationId: string, date: string): Promise<StoredOperatingDay | null> {
    const { data } = await db().entities.operatingDay.get({ organization_id: organizationId, date }).go();
    return data;
  },

  async signups(organizationId: string, date: string): Promise<StoredSignup[]> {
    const { data } = await db()
      .entities.operatingDaySignup.query.byOrganization({ organization_id: organizationId, date })
      .go({ pages: 'all' });
    return data;
  },

  /** The days from..to, by date (one page). */
  days(organizationId: string, from: string, to: string, page: { cursor?: string; limit: number }) {
    const query = db()
      .entities.operatingDay.query.byOrganization({ organization_id: organizationId })
      .between({ date: from }, { date: to });
    return fillPage((cursor, limit) => query.go({ cursor, limit }), page);
  },

  /** The sign-ups of the days from..to: one Query of the same partition's `signup#` range. */
  async signupsBetween(organizationId: string, from: string, to: string): Promise<StoredSignup[]> {
    const { data } = await db()
      .entities.operatingDaySignup.query.byOrganization({ organization_id: organizationId })
      .between({ date: from }, { date: `${to}~` })
      .go({ pages: 'all' });
    return data.filter((s) => s.date >= from && s.date <= to);
  },

  async saveDay(actor: Auditor, item: StoredOperatingDay, readVersion: number, audit: ActionRecord) {
    const { organization_id, date, version: _v, created_at: _c, updated_at: _u, ...fields } = item;
    await auditedWrite(actor, audit, ({ operatingDay }) => [
      readVersion === 0
        ? operatingDay.create({ ...item, version: 1 }).commit()
        : patchAtVersion(
            operatingDay.patch({ organization_id, date }),
            {
              set: fields,
              remove: (['leader_id', 'operating_day_editor_id', 'note'] as const).filter(
                (k) => fields[k] === undefined,
              ),
            },
            readVersion,
          ),
    ]);
  },

  async changeSignups(actor: Auditor, change: SignupChange) {
    const { organizationId: organization_id, date } = change;
    await auditedWrite(actor, change.audit, ({ operatingDay, operatingDaySignup }) => [
      patchAtVersion(operatingDay.patch({ organization_id, date }), {}, change.dayVersion),
      ...(change.put ? [operatingDaySignup.put(change.put).commit()] : []),
      ...(change.remove
        ? [
            operatingDaySignup
              .delete({ organization_id, date, user_id: change.remove })
              .where(({ user_id }, { exists }) => exists(user_id))
              .commit(),
          ]
        : []),
      ...change.promote.map((user_id) =>
        operatingDaySignup
          .patch({ organization_id, date, user_id })
          .set({ status: 'confirmed' })
          .where(({ status }, { eq }) => eq(status, 'waitlisted'))
          .commit(),
      ),
    ]);
  },
};

export type OperatingDayStore = typeof operatingDayStore;
