import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, todayIn } from '../../../../contracts/calendar.ts';
import { weekStartsOn } from '../../../../contracts/langs.ts';
import type { CalendarItem } from '../../../../contracts/schemas/calendar.ts';
import type { SignupRole } from '../../../../contracts/schemas/operating-days.ts';
import { useCanOpen, usePageNavigate } from '../../app/links.tsx';
import { call, reportFailure } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { currentLang } from '../../lib/i18n.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useNarrow } from '../../lib/use-narrow.ts';
import { useDocumentTypes } from '../documents/document-types.ts';
import { AGENDA_DAYS, agendaDays, type CalendarView, itemsOn, stepped, viewDays } from './calendar-model.ts';
import './calendar.css';

/**
 * `calendar` (spec §2 "a calendar", issue 17 §6): one calendar of the club's operating days, the
 * aircraft bookings, training dates and expiries (documents, the member's licences and medical) —
 * each only as far as the user may see it (GET /api/calendar decides). Month or week, the week
 * from Monday in Hungarian and Sunday otherwise; a phone gets an agenda list of the days.
 */
export default function CalendarPage() {
  const { t } = useTranslation(['calendar', 'nav', 'common', 'operating-days', 'documents']);
  const lang = currentLang();
  const narrow = useNarrow();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'Europe/Budapest';
  const today = todayIn(timeZone);
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(today);
  const [items, setItems] = useState<CalendarItem[] | null>(null);
  const canOpen = useCanOpen();
  const navigate = usePageNavigate();
  const types = useDocumentTypes();

  // A phone lists the coming four weeks from the anchor; a wider screen shows a month or a week.
  const days = narrow ? agendaDays(anchor) : viewDays(view, anchor, weekStartsOn(lang));
  const from = days[0]!;
  const to = days[days.length - 1]!;
  useEffect(() => {
    setItems(null);
    call('getCalendar', { query: { from, to } })
      .then((answer) => setItems(answer.items))
      .catch((error: unknown) => {
        setItems([]);
        reportFailure(error);
      });
  }, [from, to]);

  const weekdayName = (day: string, style: 'short' | 'long') =>
    new Intl.DateTimeFormat(lang, { weekday: style, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  const monthName = new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${anchor.slice(0, 8)}15T00:00:00Z`),
  );
  const title = view === 'month' && !narrow ? monthName : `${formatDate(from)} – ${formatDate(to)}`;

  // The type list's name, else the required document's name (medical, licence, …), else the code.
  const documentType = (code: string) => {
    const name = types.nameOf(code);
    return name !== code ? name : t(`documents:requirement.${code as 'medical'}`, { defaultValue: code });
  };
  const textOf = (item: CalendarItem) => {
    switch (item.kind) {
      case 'operating_day':
        return item.status && item.detail
          ? `${t('kind.operating_day')} · ${t(`operating-days:role.${item.detail as SignupRole}`)}${
              item.status === 'waitlisted' ? ` (${t('waitlisted')})` : ''
            }`
          : t('kind.operating_day');
      case 'reservation': {
        const time =
          item.local_start && item.local_end && item.date === item.end_date
            ? `${item.local_start.slice(11, 16)}–${item.local_end.slice(11, 16)} `
            : '';
        return `${time}${item.label}`;
      }
      case 'training_start':
      case 'quiz_due':
        return `${t(`kind.${item.kind}`)}: ${item.label}`;
      case 'document_expiry':
        return `${t('kind.document_expiry')}: ${documentType(item.detail ?? '')} – ${item.label}`;
      case 'validity':
        return `${t(`validity.${(item.detail ?? 'medical') as 'medical' | 'licence' | 'rating'}`)}${item.label ? ` ${item.label.toUpperCase()}` : ''}`;
    }
  };

  const chip = (item: CalendarItem, day: string) => {
    const open = item.href && canOpen(item.href) ? item.href : null;
    const className = `ws-cal-chip ws-cal-${item.kind}${item.mine ? ' ws-cal-mine' : ''}${
      item.status === 'expired' ? ' ws-cal-expired' : ''
    }`;
    const text = textOf(item);
    return open ? (
      <button
        type="button"
        key={`${item.key}:${day}`}
        className={className}
        title={text}
        onClick={() => navigate(open)}
        data-testid="calendar-item"
      >
        {text}
      </button>
    ) : (
      <span key={`${item.key}:${day}`} className={className} title={text} data-testid="calendar-item">
        {text}
      </span>
    );
  };

  const agenda = (list: CalendarItem[]) => {
    const shown = days.filter((day) => day === today || itemsOn(list, day).length > 0);
    if (shown.length === 0) return <Box color="text-status-inactive">{t('empty')}</Box>;
    return (
      <SpaceBetween size="s">
        {shown.map((day) => {
          const onDay = itemsOn(list, day);
          return (
            <Container
              key={day}
              data-testid={`calendar-day-${day}`}
              header={
                <Header variant="h3" description={day === today ? t('today') : undefined}>
                  {formatDate(day)} {weekdayName(day, 'long')}
                </Header>
              }
            >
              {onDay.length === 0 ? (
                <Box color="text-status-inactive">{t('empty_day')}</Box>
              ) : (
                <div className="ws-cal-agenda">{onDay.map((item) => chip(item, day))}</div>
              )}
            </Container>
          );
        })}
      </SpaceBetween>
    );
  };

  const grid = (list: CalendarItem[]) => (
    <div className={`ws-cal-grid ws-cal-${view}`} data-testid={`calendar-${view}-view`}>
      {days.slice(0, 7).map((day) => (
        <div key={`head-${day}`} className="ws-cal-head">
          {weekdayName(day, 'short')}
        </div>
      ))}
      {days.map((day) => (
        <div
          key={day}
          className={`ws-cal-cell${day === today ? ' ws-cal-today' : ''}${
            view === 'month' && day.slice(0, 7) !== anchor.slice(0, 7) ? ' ws-cal-other' : ''
          }`}
          data-testid={`calendar-day-${day}`}
        >
          <div className="ws-cal-date">
            {view === 'month' ? Number(day.slice(8)) : formatDate(day).slice(5)}
          </div>
          {itemsOn(list, day).map((item) => chip(item, day))}
        </div>
      ))}
    </div>
  );

  return (
    <SpaceBetween size="m">
      <Header variant="h1" description={t('description', { zone: timeZone })}>
        {t('nav:title.calendar')}
      </Header>
      <div className="ws-cal-toolbar">
        {!narrow && (
          <SegmentedControl
            selectedId={view}
            options={[
              { id: 'month', text: t('view.month') },
              { id: 'week', text: t('view.week') },
            ]}
            onChange={({ detail }) => setView(detail.selectedId as CalendarView)}
            data-testid="calendar-view"
          />
        )}
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            iconName="angle-left"
            ariaLabel={t('previous')}
            onClick={() => setAnchor(narrow ? addDays(anchor, -AGENDA_DAYS) : stepped(view, anchor, -1))}
            data-testid="calendar-previous"
          />
          <Button onClick={() => setAnchor(today)} data-testid="calendar-today">
            {t('today')}
          </Button>
          <Button
            iconName="angle-right"
            ariaLabel={t('next')}
            onClick={() => setAnchor(narrow ? addDays(anchor, AGENDA_DAYS) : stepped(view, anchor, 1))}
            data-testid="calendar-next"
          />
        </SpaceBetween>
        <Box variant="h3" data-testid="calendar-range">
          {title}
        </Box>
      </div>
      <Box variant="div">
        <div className="ws-cal-legend">
          {(['operating_day', 'reservation', 'training_start', 'document_expiry'] as const).map((kind) => (
            <span key={kind} className={`ws-cal-chip ws-cal-${kind}`}>
              {t(`legend.${kind}`)}
            </span>
          ))}
        </div>
      </Box>
      {items === null ? (
        <Spinner size="large" />
      ) : narrow ? (
        agenda(items)
      ) : (
        <Box variant="div">{grid(items)}</Box>
      )}
    </SpaceBetween>
  );
}
