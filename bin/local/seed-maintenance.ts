import { addDays, addMonths, todayIn } from '../../contracts/calendar.ts';
import { timeOrderedId } from '../../contracts/ids.ts';
import type { AircraftEventKind } from '../../contracts/schemas/aircraft-enums.ts';
import { componentDue, planeCounters } from '../../functions/aircraft/maintenance-due.ts';
import type {
  StoredComponent,
  StoredMaintenanceItem,
  StoredPlane,
} from '../../functions/aircraft/maintenance-store.ts';
import { db } from '../../functions/platform/db/service.ts';
import { orgIdOf, userIdOf } from './seed.ts';

/**
 * The maintenance area's demo data, on the fleet of bin/local/seed-aircraft.ts (run after it):
 * components with their life limits and own cycles (engines with TBO, propellers, rescue
 * parachutes with repack cycles, the ASK 21's tow release), maintenance items (annual inspection
 * and ARC of every aircraft — the tow plane's annual due in ten days —, the tow plane's 100-hour
 * inspection — due soon, about 6 engine hours left —, a 3-year and a 5-year item) and their history. Ids are fixed; readings are set relative
 * to each aircraft's seeded counters and dates relative to the day of seeding, so the demo shows the
 * same picture whenever it starts.
 */
const H = 60;

type Draft<T> = Omit<
  T,
  'organization_id' | 'version' | 'created_at' | 'updated_at' | 'maintenance_status_id'
> &
  Partial<Pick<T & { maintenance_status_id: string }, 'maintenance_status_id'>>;
type CounterField = `${'start_' | ''}counter_${'flight' | 'engine' | 'takeoff' | 'landing'}`;
type ComponentDraft = Omit<Draft<StoredComponent>, CounterField> &
  Partial<Pick<StoredComponent, CounterField>>;
type ItemDraft = Omit<Draft<StoredMaintenanceItem>, 'status' | 'kind'> &
  Partial<Pick<StoredMaintenanceItem, 'status' | 'kind'>>;

export async function seedMaintenance(): Promise<void> {
  const { entities } = db();
  const technical = userIdOf('technical');
  const organization_id = orgIdOf('demo');
  const today = todayIn('Europe/Budapest');
  const ago = (days: number) => addDays(today, -days);
  const monthsAgo = (months: number) => addMonths(today, -months);

  const { data: planes } = await entities.plane.query
    .byOrganization({ organization_id })
    .go({ pages: 'all' });
  const planeOf = new Map(planes.map((p) => [p.plane_id, p]));
  const now = (planeId: string) => {
    const plane = planeOf.get(planeId);
    return plane ? planeCounters(plane) : { flight: 0, engine: 0, takeoff: 0 };
  };
  const sbx = now('plane-ha-sbx');

  const components: ComponentDraft[] = [
    {
      component_id: 'cmp-ha-sbx-engine',
      plane_id: 'plane-ha-sbx',
      name: 'Lycoming O-540-B2B5 motor',
      component_type: 'engine',
      part_number: 'O-540-B2B5',
      serial_no: 'L-21837-40',
      installation_date: '2019-05-14',
      installation_comment: 'Nagyjavítás után beépítve (TSO 0). Számlálók: nagyjavítás óta.',
      // Since the 2019 overhaul: the TBO counts from there.
      start_counter_flight: 1540 * H,
      start_counter_engine: 1655 * H,
      start_counter_takeoff: 11800,
      lifetime_engine: 2000 * H,
      lifetime_date: '2031-05-14',
      // Oil and filter change every 50 engine hours.
      cycle_hours: 50,
      hours_basis: 'engine',
      maintenanced_at: ago(38),
      done_counter_engine: 1655 * H - 21 * H,
      notice_hours: 5,
    },
    {
      component_id: 'cmp-ha-sbx-propeller',
      plane_id: 'plane-ha-sbx',
      name: 'Sensenich 82RM légcsavar',
      component_type: 'propeller',
      part_number: '82RM-8-3-58',
      serial_no: 'A-2291K',
      installation_date: '2021-04-02',
      start_counter_engine: 610 * H,
      lifetime_engine: 2000 * H,
      lifetime_date: '2027-04-02',
    },
    {
      component_id: 'cmp-ha-sbx-tow-release',
      plane_id: 'plane-ha-sbx',
      name: 'Tost E 85 vontatókioldó',
      component_type: 'tow_release',
      part_number: 'E 85',
      serial_no: '85-11462',
      installation_date: '2022-03-20',
      start_counter_takeoff: 12400,
      cycle_takeoffs: 4000,
      cycle_calendar: 'yearly',
      maintenanced_at: monthsAgo(7),
      done_counter_takeoff: 11100,
    },
    {
      component_id: 'cmp-ha-1265-engine',
      plane_id: 'plane-ha-1265',
      name: 'Limbach L 2000 EB1.C motor',
      component_type: 'engine',
      part_number: 'L 2000 EB1.C',
      serial_no: '4310',
      installation_date: '2016-06-01',
      installation_comment: 'Gyári nagyjavítás után. Számlálók: nagyjavítás óta.',
      start_counter_engine: 1190 * H,
      start_counter_flight: 1080 * H,
      start_counter_takeoff: 2400,
      lifetime_engine: 1500 * H,
      lifetime_date: '2028-06-01',
    },
    {
      component_id: 'cmp-ha-1265-propeller',
      plane_id: 'plane-ha-1265',
      name: 'Hoffmann HO-V 62 R állítható légcsavar',
      component_type: 'propeller',
      part_number: 'HO-V 62 R/L 160 T',
      serial_no: 'E 1193',
      installation_date: '2018-04-11',
      start_counter_engine: 820 * H,
      lifetime_engine: 1500 * H,
    },
    {
      component_id: 'cmp-ha-4012-tow-release',
      plane_id: 'plane-ha-4012',
      name: 'Tost G 88 súlyponti kioldó',
      component_type: 'tow_release',
      part_number: 'G 88',
      serial_no: '88-20471',
      installation_date: '2023-03-15',
      installation_comment: 'Csörlős és vontatott indításhoz.',
      start_counter_takeoff: 3100,
      // Inspection every 2000 launches or yearly; the manufacturer's life is 6 years.
      cycle_takeoffs: 2000,
      cycle_calendar: 'yearly',
      maintenanced_at: monthsAgo(5),
      done_counter_takeoff: 3100 - 540,
      lifetime_date: '2029-03-15',
    },
    {
      component_id: 'cmp-ha-4012-parachute-front',
      plane_id: 'plane-ha-4012',
      name: 'Mentőernyő, első ülés (Strong 303)',
      component_type: 'parachute',
      part_number: '303-26',
      serial_no: 'S303-77812',
      installation_date: '2015-03-01',
      cycle_days: 180,
      maintenanced_at: ago(120),
      lifetime_date: '2035-02-28',
    },
    {
      component_id: 'cmp-ha-4012-parachute-rear',
      plane_id: 'plane-ha-4012',
      name: 'Mentőernyő, hátsó ülés (Strong 303)',
      component_type: 'parachute',
      part_number: '303-26',
      serial_no: 'S303-77813',
      installation_date: '2015-03-01',
      cycle_days: 180,
      maintenanced_at: ago(120),
      lifetime_date: '2035-02-28',
    },
    {
      component_id: 'cmp-ha-4370-parachute',
      plane_id: 'plane-ha-4370',
      name: 'Mentőernyő (Softie Competition)',
      component_type: 'parachute',
      part_number: 'Softie 22',
      serial_no: 'PI-41870',
      installation_date: '2019-06-10',
      cycle_days: 180,
      maintenanced_at: ago(160),
      lifetime_date: '2039-06-10',
    },
    {
      component_id: 'cmp-ha-4455-parachute',
      plane_id: 'plane-ha-4455',
      name: 'Mentőernyő (Thiebaut TB 58)',
      component_type: 'parachute',
      part_number: 'TB 58',
      serial_no: 'TB-0935',
      installation_date: '2017-05-22',
      cycle_days: 180,
      maintenanced_at: ago(45),
      lifetime_date: '2037-05-22',
    },
  ];

  const items: ItemDraft[] = [];
  const arcMonthsAgo: Record<string, number> = {
    'plane-ha-4012': 4,
    'plane-ha-4370': 11,
    'plane-ha-4455': 6,
    'plane-ha-sbx': 8,
    'plane-ha-1265': 2,
  };
  for (const [planeId, months] of Object.entries(arcMonthsAgo)) {
    const slug = planeId.replace(/^plane-/, '');
    items.push({
      maintenance_id: `mnt-${slug}-annual`,
      plane_id: planeId,
      name: 'Éves ellenőrzés',
      kind: 'inspection',
      cycle_calendar: 'yearly',
      // The tow plane's falls due in ten days whatever the season's flying (issue 15 §10): its
      // bookings from that day are refused by the due check (bin/local/seed-operations.ts).
      maintenanced_at:
        planeId === 'plane-ha-sbx' ? addMonths(addDays(today, 10), -12) : addDays(monthsAgo(months), -3),
    });
    items.push({
      maintenance_id: `mnt-${slug}-arc`,
      plane_id: planeId,
      name: 'Légialkalmassági felülvizsgálat (ARC)',
      kind: 'arc',
      cycle_calendar: 'yearly',
      maintenanced_at: monthsAgo(months),
    });
  }
  items.push(
    {
      // The one due soon: about six engine hours left at the tow plane's weekend rate.
      maintenance_id: 'mnt-ha-sbx-100h',
      plane_id: 'plane-ha-sbx',
      name: '100 órás ellenőrzés',
      kind: 'inspection',
      cycle_hours: 100,
      hours_basis: 'engine',
      maintenanced_at: ago(75),
      done_counter_engine: sbx.engine - 94 * H,
      comment: 'Lycoming SI 1191A szerinti hengerkompresszió-mérés is.',
    },
    {
      maintenance_id: 'mnt-ha-sbx-elt-battery',
      plane_id: 'plane-ha-sbx',
      name: 'ELT akkumulátor csere (Kannad 406 AF)',
      kind: 'other',
      cycle_calendar: '5_years',
      maintenanced_at: '2022-04-20',
    },
    {
      maintenance_id: 'mnt-ha-1265-propeller-3y',
      plane_id: 'plane-ha-1265',
      component_id: 'cmp-ha-1265-propeller',
      name: 'Légcsavar-agy ellenőrzés (Hoffmann)',
      kind: 'inspection',
      cycle_calendar: '3_years',
      cycle_hours: 500,
      hours_basis: 'engine',
      maintenanced_at: '2024-05-06',
      done_counter_engine: 670 * H,
    },
    {
      maintenance_id: 'mnt-ha-4012-weighing',
      plane_id: 'plane-ha-4012',
      name: 'Mérlegelés, súlyponthelyzet',
      kind: 'other',
      cycle_calendar: '5_years',
      maintenanced_at: '2023-02-18',
    },
  );

  // Components: readings since new (since overhaul for engines) as of today; flights add from here.
  for (const draft of components) {
    const item = {
      start_counter_landing: 0,
      counter_flight: 0,
      counter_engine: 0,
      counter_takeoff: 0,
      counter_landing: 0,
      ...draft,
      start_counter_flight: draft.start_counter_flight ?? 0,
      start_counter_engine: draft.start_counter_engine ?? 0,
      start_counter_takeoff: draft.start_counter_takeoff ?? 0,
      organization_id,
    } as StoredComponent;
    const plane = planeOf.get(item.plane_id) as StoredPlane | undefined;
    item.maintenance_status_id = componentDue(item, today, null).state;
    await entities.component.put(item).go({ response: 'none' });
    await event(item.component_id, item.plane_id, 'created', item.installation_date ?? today, undefined, {
      name: item.name,
    });
    await event(
      item.component_id,
      item.plane_id,
      'installed',
      item.installation_date ?? today,
      item.installation_comment,
      {
        plane_id: item.plane_id,
        reg_num: plane?.reg_num ?? '',
      },
    );
    if (item.maintenanced_at && item.maintenanced_at !== item.installation_date)
      await event(
        item.component_id,
        item.plane_id,
        'maintenance_performed',
        item.maintenanced_at,
        performedComment(item),
        {
          counter_engine: item.done_counter_engine ?? 0,
          counter_takeoff: item.done_counter_takeoff ?? 0,
        },
      );
  }

  // Maintenance items: done readings default to the owner's when it was done (approximated by now).
  for (const draft of items) {
    const owner = now(draft.plane_id);
    const item = {
      status: 'active',
      kind: 'inspection',
      done_counter_flight: owner.flight,
      done_counter_engine: owner.engine,
      done_counter_takeoff: owner.takeoff,
      ...draft,
      organization_id,
    } as StoredMaintenanceItem;
    await entities.maintenanceItem.put(item).go({ response: 'none' });
    await event(item.maintenance_id, item.plane_id, 'created', '2024-03-01', undefined, { name: item.name });
    await event(
      item.maintenance_id,
      item.plane_id,
      'maintenance_performed',
      item.maintenanced_at ?? today,
      'Rendben, hiba nélkül.',
      {
        maintenance_id: item.maintenance_id,
        name: item.name,
      },
    );
  }

  // The Alpine club: its glider's annual inspection and ARC, so its fleet overview is not empty.
  const alpine = orgIdOf('alpine');
  for (const [id, name, kind] of [
    ['mnt-oe-5678-annual', 'Jahresnachprüfung', 'inspection'],
    ['mnt-oe-5678-arc', 'Lufttüchtigkeitsprüfung (ARC)', 'arc'],
  ] as const)
    await entities.maintenanceItem
      .put({
        organization_id: alpine,
        maintenance_id: id,
        plane_id: 'plane-oe-5678',
        name,
        kind,
        status: 'active',
        cycle_calendar: 'yearly',
        maintenanced_at: monthsAgo(3),
      })
      .go({ response: 'none' });

  async function event(
    subjectId: string,
    planeId: string,
    kind: AircraftEventKind,
    date: string,
    comment: string | undefined,
    details: Record<string, string | number>,
  ) {
    const at = Date.parse(`${date}T09:00:00Z`);
    await entities.aircraftEvent
      .put({
        organization_id,
        subject_id: subjectId,
        event_id: timeOrderedId(at, `${kind.slice(0, 4)}${subjectId.length}`),
        plane_id: planeId,
        kind,
        date,
        user_id: technical,
        comment,
        details,
        at: new Date(at).toISOString(),
      })
      .go({ response: 'none' });
  }
}

const performedComment = (c: StoredComponent) =>
  c.component_type === 'parachute'
    ? 'Átcsomagolva, hitelesítve.'
    : c.component_type === 'engine'
      ? 'Olaj- és szűrőcsere, szűrővizsgálat rendben.'
      : 'Ellenőrizve, kopás a tűrésen belül.';
