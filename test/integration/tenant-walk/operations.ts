import { addDays, todayIn } from '../../../contracts/calendar.ts';
import { subOf } from '../../helpers/platform.ts';
import type { WalkArea } from './area.ts';

const a = { reservationId: '' };
const day = () => addDays(todayIn('Europe/Budapest'), 12);
/** Past the seed's operating days (the coming two weekends). */
const opDay = () => addDays(todayIn('Europe/Budapest'), 30);
const booking = () => ({
  plane_id: 'plane-ha-4370',
  start_date: day(),
  start_time: '09:00',
  end_date: day(),
  end_time: '11:00',
  confirm_warnings: true,
});

/**
 * The tenant walk over the operations domain's routes: a booking of A's pilot on A's aircraft, an
 * operating day of A with A's pilot signed up. The calendar feed rows (contracts/routes/calendar.ts)
 * take no ids: B's admin reaches only B's own feeds (the public feed itself is opened by its token;
 * operating-days.test.ts checks that another club's member feed carries none of A's events).
 */
export const operationsWalk: WalkArea = {
  ids: {
    getReservation: () => ({ id: a.reservationId }),
    cancelReservation: () => ({ id: a.reservationId }),
    getOperatingDay: () => ({ date: opDay() }),
    saveOperatingDay: () => ({ date: opDay() }),
    signUpForOperatingDay: () => ({ date: opDay() }),
    unsubscribeFromOperatingDay: () => ({ date: opDay() }),
  },
  bodies: {
    // A's aircraft in the body: B's member may book only B's aircraft.
    createReservation: { ...booking(), start_time: '12:00', end_time: '13:00' },
    cancelReservation: { reason: 'Walk', version: 1 },
    updateReservationSettings: {
      checks: {
        overlap: 'off',
        instructor_overlap: 'off',
        maintenance: 'off',
        rent_permit: 'off',
        recency: 'off',
        medical: 'off',
        balance_min: 'off',
      },
      version: 0,
    },
    saveOperatingDay: {
      leader_id: null,
      operating_day_editor_id: null,
      students_per_instructor: 2,
      version: 1,
    },
    signUpForOperatingDay: { role: 'pilot' },
  },
  refusesAInBody: ['createReservation'],
  async setup(platform) {
    const made = await platform.invoke('createReservation', {
      sub: subOf('pilot@demo.windsock.aero'),
      body: booking(),
    });
    if (made.status !== 200) throw new Error(`walk setup: booking answered ${made.status}`);
    a.reservationId = made.body.reservation_id;
    const savedDay = await platform.invoke('saveOperatingDay', {
      sub: subOf('admin@demo.windsock.aero'),
      params: { date: opDay() },
      body: { leader_id: null, operating_day_editor_id: null, students_per_instructor: 2, version: 0 },
    });
    if (savedDay.status !== 200) throw new Error(`walk setup: operating day answered ${savedDay.status}`);
    await platform.invoke('signUpForOperatingDay', {
      sub: subOf('pilot@demo.windsock.aero'),
      params: { date: opDay() },
      body: { role: 'pilot' },
    });
  },
};
