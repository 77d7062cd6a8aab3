import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, todayIn } from '../../../../contracts/calendar.ts';
import { weekStartsOn } from '../../../../contracts/langs.ts';
import type {
  ReservationOptionsOutput,
  ReservationOutput,
} from '../../../../contracts/schemas/reservations.ts';
import { call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate } from '../../lib/format.ts';
import { currentLang } from '../../lib/i18n.ts';
import { BookingModal } from './booking-modal.tsx';
import { bookingsOn, type CalendarView, daysOf, stepOf, timeRange } from './calendar-model.ts';
import { ReservationDetailModal, ReservationSettingsModal } from './reservation-modals.tsx';
import './reservations.css';

const NARROW = '(max-width: 688px)';

function useNarrow() {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW).matches);
  useEffect(() => {
    const media = window.matchMedia(NARROW);
    const change = () => setNarrow(media.matches);
    media.addEventListener('change', change);
    return () => media.removeEventListener('change', change);
  }, []);
  return narrow;
}

/** Every page of a calendar range (a week holds a few dozen bookings: one or two pages). */
async function bookingsBetween(from: string, to: string, includeCancelled: boolean) {
  const items: ReservationOutput[] = [];
  let cursor: string | undefined;
  do {
    const page = await call('listReservations', {
      query: { from, to, include_cancelled: includeCancelled ? 'true' : 'false', cursor },
    });
    items.push(...page.items);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return items;
}

/**
 * `reservations` (spec §2, issue 15 §5): the booking calendar of the club's rentable, functional
 * aircraft by day or week in the club's time zone (the week from Monday in Hungarian, Sunday
 * otherwise), a booking form, each booking's details and cancellation; a phone gets the days as cards.
 */
export default function ReservationsPage() {
  const { t } = useTranslation(['reservations', 'common', 'nav']);
  const lang = currentLang();
  const narrow = useNarrow();
  const [options, setOptions] = useState<ReservationOptionsOutput | null>(null);
  const [view, setView] = useState<CalendarView>(() => (window.matchMedia(NARROW).matches ? 'day' : 'week'));
  const [anchor, setAnchor] = useState<string | null>(null);
  const [items, setItems] = useState<ReservationOutput[] | null>(null);
  const [showCancelled, setShowCancelled] = useState(false);
  const [booking, setBooking] = useState(false);
  const [settings, setSettings] = useState(false);
  const [open, setOpen] = useState<ReservationOutput | null>(null);

  useEffect(() => {
    call('reservationOptions')
      .then((loaded) => {
        setOptions(loaded);
        setAnchor(todayIn(loaded.time_zone));
      })
      .catch(reportFailure);
  }, []);

  const days = anchor ? daysOf(view, anchor, weekStartsOn(lang)) : [];
  const from = days[0];
  const to = days[days.length - 1];
  const load = useCallback(async () => {
    if (!from || !to) return;
    setItems(null);
    try {
      setItems(await bookingsBetween(from, to, showCancelled));
    } catch (error) {
      setItems([]);
      reportFailure(error);
    }
  }, [from, to, showCancelled]);
  useEffect(() => {
    void load();
  }, [load]);

  if (!options || !anchor) return <Spinner size="large" />;
  const today = todayIn(options.time_zone);
  const weekdayName = (day: string, style: 'short' | 'long') =>
    new Intl.DateTimeFormat(lang, { weekday: style, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  const title =
    view === 'day'
      ? `${formatDate(anchor)} ${weekdayName(anchor, 'long')}`
      : `${formatDate(days[0])} – ${formatDate(days[6])}`;

  const chip = (r: ReservationOutput, label: string) => (
    <button
      type="button"
      key={r.reservation_id}
      className={`ws-res-chip${r.status === 'cancelled' ? ' ws-res-cancelled' : ''}`}
      onClick={() => setOpen(r)}
      data-testid="reservation-chip"
    >
      {label}
    </button>
  );

  const planeName = (id: string) => options.aircraft.find((a) => a.plane_id === id)?.reg_num ?? '';
  const calendar = () => {
    if (items === null) return <Spinner />;
    if (narrow)
      return (
        <SpaceBetween size="s">
          {days.map((day) => {
            const list = bookingsOn(items, day);
            return (
              <Container
                key={day}
                header={
                  <Header variant="h3">
                    {formatDate(day)} {weekdayName(day, 'long')}
                  </Header>
                }
                data-testid={`reservation-day-${day}`}
              >
                {list.length === 0 ? (
                  <Box color="text-status-inactive">{t('empty_day')}</Box>
                ) : (
                  <div className="ws-res-list">
                    {list.map(({ reservation: r }) =>
                      chip(r, `${r.reg_num} · ${timeRange(r)} · ${r.user_name}`),
                    )}
                  </div>
                )}
              </Container>
            );
          })}
        </SpaceBetween>
      );
    if (view === 'day')
      return (
        <div className="ws-res-day" data-testid="reservation-day-view">
          <div className="ws-res-row ws-res-hours">
            <div className="ws-res-plane" />
            <div className="ws-res-track">
              {[0, 3, 6, 9, 12, 15, 18, 21].map((h) => (
                <span key={h} className="ws-res-hour" style={{ left: `${(h / 24) * 100}%` }}>
                  {`${String(h).padStart(2, '0')}:00`}
                </span>
              ))}
            </div>
          </div>
          {options.aircraft.map((a) => (
            <div className="ws-res-row" key={a.plane_id}>
              <div className="ws-res-plane">{a.reg_num}</div>
              <div className="ws-res-track">
                {bookingsOn(
                  items.filter((r) => r.plane_id === a.plane_id),
                  anchor,
                ).map(({ reservation: r, from: start, to: end }) => (
                  <button
                    type="button"
                    key={r.reservation_id}
                    className={`ws-res-bar${r.status === 'cancelled' ? ' ws-res-cancelled' : ''}`}
                    style={{ left: `${(start / 1440) * 100}%`, width: `${((end - start) / 1440) * 100}%` }}
                    title={`${timeRange(r)} ${r.user_name}`}
                    onClick={() => setOpen(r)}
                    data-testid="reservation-chip"
                  >
                    {timeRange(r)} {r.user_name}
                  </button>
                ))}
              </div>
            </div>
          ))}
        </div>
      );
    return (
      <div className="ws-res-week-wrap">
        <table className="ws-res-week" data-testid="reservation-week-view">
          <thead>
            <tr>
              <th>{t('aircraft')}</th>
              {days.map((day) => (
                <th key={day} className={day === today ? 'ws-res-today' : undefined}>
                  <button
                    type="button"
                    className="ws-res-daylink"
                    onClick={() => {
                      setAnchor(day);
                      setView('day');
                    }}
                  >
                    {weekdayName(day, 'short')} {formatDate(day).slice(5)}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {options.aircraft.map((a) => (
              <tr key={a.plane_id}>
                <th scope="row">{a.reg_num}</th>
                {days.map((day) => (
                  <td key={day} className={day === today ? 'ws-res-today' : undefined}>
                    {bookingsOn(
                      items.filter((r) => r.plane_id === a.plane_id),
                      day,
                    ).map(({ reservation: r }) => chip(r, `${timeRange(r)} ${r.user_name}`))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {items.some((r) => !options.aircraft.some((a) => a.plane_id === r.plane_id)) && (
          <Box variant="small">
            {items
              .filter((r) => !options.aircraft.some((a) => a.plane_id === r.plane_id))
              .map((r) => chip(r, `${planeName(r.plane_id) || r.reg_num} ${timeRange(r)} ${r.user_name}`))}
          </Box>
        )}
      </div>
    );
  };

  return (
    <SpaceBetween size="m">
      <Header
        variant="h1"
        description={t('hint.time_zone', { zone: options.time_zone })}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            {options.can_administer && (
              <Button onClick={() => setSettings(true)} data-testid="reservation-settings-open">
                {t('settings')}
              </Button>
            )}
            <Button variant="primary" onClick={() => setBooking(true)} data-testid="reservation-new">
              {t('new')}
            </Button>
          </SpaceBetween>
        }
      >
        {t('nav:title.reservations')}
      </Header>
      <div className="ws-res-toolbar">
        <SegmentedControl
          selectedId={view}
          options={[
            { id: 'day', text: t('view.day') },
            { id: 'week', text: t('view.week') },
          ]}
          onChange={({ detail }) => setView(detail.selectedId as CalendarView)}
          data-testid="reservation-view"
        />
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            iconName="angle-left"
            ariaLabel={t('previous')}
            onClick={() => setAnchor(addDays(anchor, -stepOf(view)))}
            data-testid="reservation-previous"
          />
          <Button onClick={() => setAnchor(today)} data-testid="reservation-today">
            {t('today')}
          </Button>
          <Button
            iconName="angle-right"
            ariaLabel={t('next')}
            onClick={() => setAnchor(addDays(anchor, stepOf(view)))}
            data-testid="reservation-next"
          />
        </SpaceBetween>
        <Box variant="h3" data-testid="reservation-range">
          {title}
        </Box>
        {options.can_administer && (
          <Checkbox checked={showCancelled} onChange={({ detail }) => setShowCancelled(detail.checked)}>
            {t('show_cancelled')}
          </Checkbox>
        )}
      </div>
      {calendar()}
      {booking && (
        <BookingModal
          options={options}
          day={anchor < today ? today : anchor}
          onClose={() => setBooking(false)}
          onBooked={(made) => {
            setBooking(false);
            flash('success', 'reservations:booked');
            setAnchor(made.local_start.slice(0, 10));
            void load();
          }}
        />
      )}
      {open && (
        <ReservationDetailModal
          reservation={open}
          onClose={() => setOpen(null)}
          onCancelled={() => {
            setOpen(null);
            void load();
          }}
        />
      )}
      {settings && <ReservationSettingsModal onClose={() => setSettings(false)} />}
    </SpaceBetween>
  );
}
