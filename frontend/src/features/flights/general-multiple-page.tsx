import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { createFlightInput } from '../../../../contracts/schemas/flights.ts';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { PageLink, usePageNavigate } from '../../app/links.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { RecordFormFrame } from '../../components/forms/record-form.tsx';
import { TimeInput } from '../../components/time-input.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { useDatasource } from '../../lib/datasource.ts';
import { flash } from '../../lib/flash.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { dayOffset } from '../../lib/zoned-time.ts';
import { bodyOf, emptyValues } from './flight-form.ts';

interface Row {
  key: number;
  date: string;
  takeoff_time: string;
  landing_time: string;
  pic_id: string;
  touch_and_go: string;
  state: 'draft' | 'saved' | 'failed';
  errors: Record<string, string[]>;
  flight_id?: string;
}

const ROW_FIELDS = ['date', 'takeoff_time', 'landing_time', 'pic_id', 'touch_and_go'] as const;
let nextKey = 1;
const newRow = (date: string, pilot = ''): Row => ({
  key: nextKey++,
  date,
  takeoff_time: '',
  landing_time: '',
  pic_id: pilot,
  touch_and_go: '',
  state: 'draft',
  errors: {},
});

/**
 * `flight/general-multiple/{plane_id}` (ods-edit): several flights of one powered aircraft in one go
 * — a day of circuits or a week of trips typed from the aircraft's paper log. Each row is its own
 * flight (createFlight); a row that fails keeps its values and shows why, the others are saved.
 */
export default function GeneralMultiplePage() {
  const { t } = useTranslation(['flights', 'messages', 'common']);
  const { plane_id: planeId = '' } = useParams();
  const navigate = usePageNavigate();
  const { profile } = useStore(session);
  const timeZone = profile?.organization?.timezone ?? 'UTC';
  const users = useDatasource('users');
  const planes = useDatasource('planes');
  const today = dayOffset(timeZone, 0);
  const [rows, setRows] = useState<Row[]>(() => [newRow(today), newRow(today), newRow(today)]);
  const [airport, setAirport] = useState(profile?.organization?.base_airport ?? '');
  const [saving, setSaving] = useState(false);
  const plane = planes.items.find((p) => p.plane_id === planeId);

  const back = () => navigate(hrefOf('flight/general'));
  const typed = (row: Row) => row.state !== 'saved' && Boolean(row.takeoff_time || row.landing_time);
  const dirty = rows.some(typed);

  const update = (key: number, change: Partial<Row>) =>
    setRows((list) =>
      list.map((row) => {
        if (row.key !== key) return row;
        const errors = Object.fromEntries(Object.entries(row.errors).filter(([field]) => !(field in change)));
        return { ...row, ...change, errors };
      }),
    );

  const bodyOfRow = (row: Row) => {
    const values = {
      ...emptyValues('general', row.date, planeId),
      takeoff_type_id: plane?.is_tmg ? 6 : 1,
      takeoff_time: row.takeoff_time,
      landing_time: row.landing_time,
      pic_id: row.pic_id,
      touch_and_go: row.touch_and_go,
      takeoff_airport: airport,
      landing_airport: airport,
    };
    return bodyOf(values, timeZone);
  };

  const saveAll = async () => {
    if (saving) return;
    const pending = rows.filter(typed);
    if (pending.length === 0) return;
    setSaving(true);
    let saved = 0;
    let failed = 0;
    // One after the other: each flight advances the aircraft's counters in its own transaction.
    for (const row of pending) {
      const parsed = z.safeParse(createFlightInput, bodyOfRow(row));
      if (!parsed.success) {
        failed += 1;
        update(row.key, { state: 'failed', errors: fieldErrors(parsed.error.issues) });
        continue;
      }
      try {
        const created = await call('createFlight', {
          body: parsed.data as z.infer<typeof createFlightInput>,
        });
        saved += 1;
        setRows((list) =>
          list.map((r) =>
            r.key === row.key ? { ...r, state: 'saved', errors: {}, flight_id: created.flight_id } : r,
          ),
        );
      } catch (error) {
        failed += 1;
        if (error instanceof FieldErrors) update(row.key, { state: 'failed', errors: error.errors });
        else {
          const code = error instanceof ApiError ? error.code : 'unknown_error';
          update(row.key, { state: 'failed', errors: { _: [code] } });
          if (!(error instanceof ApiError) || error.handled) reportFailure(error);
        }
      }
    }
    setSaving(false);
    if (saved > 0) flash('success', 'flights:flash.several_saved', { values: { count: saved } });
    if (failed > 0) flash('error', 'flights:flash.several_failed', { values: { count: failed } });
  };

  useDialogKeys({ onCancel: back, onSave: () => void saveAll() });

  const userOptions = [
    { value: '', label: t('edit.nobody') },
    ...users.items.map((u) => ({ value: u.user_id, label: u.name })),
  ];
  const errorOf = (row: Row, field: string) => {
    const key = row.errors[field]?.[0];
    return key ? dynamicT(t)(key, { ns: 'messages' }) : undefined;
  };
  const cellField = (row: Row, field: string, control: ReactNode) => (
    <FormField errorText={errorOf(row, field)} stretch>
      {control}
    </FormField>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void saveAll();
  };
  const lastPilot = [...rows].reverse().find((row) => row.pic_id)?.pic_id ?? '';
  const lastDate = rows[rows.length - 1]?.date ?? today;

  return (
    <RecordFormFrame
      prefix="multiple"
      header={
        <Header variant="h1" description={t('multiple.description')}>
          {t('multiple.title', { reg_num: plane?.reg_num ?? '' })}
        </Header>
      }
      errorText={undefined}
      dirty={dirty}
      saving={saving}
      onSubmit={submit}
      onCancel={back}
      saveText={t('multiple.save')}
    >
      <SpaceBetween size="l">
        {!planes.loading && !plane ? <Alert type="error">{t('multiple.unknown_plane')}</Alert> : null}
        <Container>
          <ColumnLayout columns={2}>
            <FormField label={t('multiple.airport')} description={t('multiple.airport_hint')}>
              <Input
                value={airport}
                onChange={({ detail }) => setAirport(detail.value.toUpperCase())}
                data-testid="multiple-airport"
              />
            </FormField>
          </ColumnLayout>
        </Container>
        <Table
          data-testid="multiple-rows"
          variant="container"
          items={rows}
          trackBy={(row) => String(row.key)}
          header={
            <Header
              variant="h2"
              actions={
                <Button
                  formAction="none"
                  iconName="add-plus"
                  onClick={() => setRows((list) => [...list, newRow(lastDate, lastPilot)])}
                  data-testid="multiple-add"
                >
                  {t('multiple.add_row')}
                </Button>
              }
            >
              {t('multiple.rows')}
            </Header>
          }
          columnDefinitions={[
            {
              id: 'date',
              header: t('field.date'),
              minWidth: 170,
              cell: (row) =>
                cellField(
                  row,
                  'date',
                  <DateField
                    value={row.date}
                    readOnly={row.state === 'saved'}
                    onChange={(value) => update(row.key, { date: value })}
                    invalid={Boolean(row.errors.date)}
                    testId={`multiple-date-${row.key}`}
                  />,
                ),
            },
            ...(['takeoff_time', 'landing_time'] as const).map((field) => ({
              id: field,
              header: t(`field.${field}`),
              minWidth: 100,
              cell: (row: Row) =>
                cellField(
                  row,
                  field,
                  <TimeInput
                    value={row[field]}
                    readOnly={row.state === 'saved'}
                    onChange={(value) => update(row.key, { [field]: value })}
                    invalid={Boolean(row.errors[field])}
                    ariaLabel={t(`field.${field}`)}
                    testId={`multiple-${field}-${row.key}`}
                  />,
                ),
            })),
            {
              id: 'pic_id',
              header: t('field.pic_id'),
              minWidth: 200,
              cell: (row) =>
                cellField(
                  row,
                  'pic_id',
                  <Select
                    selectedOption={userOptions.find((o) => o.value === row.pic_id) ?? null}
                    options={userOptions}
                    filteringType="auto"
                    disabled={row.state === 'saved'}
                    onChange={({ detail }) => update(row.key, { pic_id: detail.selectedOption.value ?? '' })}
                    invalid={Boolean(row.errors.pic_id)}
                    data-testid={`multiple-pic_id-${row.key}`}
                  />,
                ),
            },
            {
              id: 'touch_and_go',
              header: t('field.touch_and_go'),
              minWidth: 90,
              cell: (row) =>
                cellField(
                  row,
                  'touch_and_go',
                  <Input
                    value={row.touch_and_go}
                    inputMode="numeric"
                    readOnly={row.state === 'saved'}
                    onChange={({ detail }) =>
                      update(row.key, { touch_and_go: detail.value.replace(/[^\d]/g, '') })
                    }
                    invalid={Boolean(row.errors.touch_and_go)}
                    data-testid={`multiple-touch_and_go-${row.key}`}
                  />,
                ),
            },
            {
              id: 'state',
              header: t('multiple.state'),
              minWidth: 140,
              cell: (row) =>
                row.state === 'saved' && row.flight_id ? (
                  <PageLink
                    href={hrefOf('flight/general/:plane_id/:id', { plane_id: planeId, id: row.flight_id })}
                  >
                    <StatusIndicator type="success" data-testid={`multiple-saved-${row.key}`}>
                      {t('multiple.saved')}
                    </StatusIndicator>
                  </PageLink>
                ) : row.state === 'failed' ? (
                  <StatusIndicator type="error" data-testid={`multiple-failed-${row.key}`}>
                    {Object.entries(row.errors)
                      .filter(([field]) => !(ROW_FIELDS as readonly string[]).includes(field))
                      .map(([field, keys]) =>
                        field === '_'
                          ? dynamicT(t)(keys[0] ?? '', { ns: 'messages' })
                          : dynamicT(t)(`field.${field}`),
                      )
                      .join(', ') || t('multiple.failed')}
                  </StatusIndicator>
                ) : (
                  ''
                ),
            },
            {
              id: 'remove',
              header: '',
              cell: (row) =>
                row.state === 'saved' ? null : (
                  <Button
                    formAction="none"
                    variant="icon"
                    iconName="remove"
                    ariaLabel={t('multiple.remove_row')}
                    onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
                  />
                ),
            },
          ]}
        />
      </SpaceBetween>
    </RecordFormFrame>
  );
}
