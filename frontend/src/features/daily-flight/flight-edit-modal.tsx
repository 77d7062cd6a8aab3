import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TAKEOFF_TYPES } from '../../../../contracts/schemas/flight-enums.ts';
import { flightRuleErrors, type UpdateFlightInput } from '../../../../contracts/schemas/flights.ts';
import type { PlaneItem, UserItem } from '../../../../contracts/schemas/lookups.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { useFieldErrors } from '../../components/forms/field-errors.ts';
import { FormFooter } from '../../components/forms/record-form.tsx';
import { TimeField } from '../../components/time-field.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { FlightCharge } from '../finance/flight-charge.tsx';
import { MemberSelect } from './member-select.tsx';
import type { SheetFlight } from './sheet-state.ts';
import { instantOf, timeIn } from './sheet-time.ts';

type Changes = Omit<UpdateFlightInput, 'version'>;

/** An airfield as typed (an ICAO code, or a field's short name): trimmed, upper case, none when empty. */
const placeOf = (typed: string) => (typed.trim() === '' ? null : typed.trim().toUpperCase());

const EDITABLE = [
  'plane_id',
  'takeoff_type_id',
  'pic_id',
  'instructor_id',
  'sic_id',
  'training',
  'winch_operator_id',
  'tow_plane_id',
  'tow_pilot_id',
  'tow_altitude',
  'takeoff_time',
  'landing_time',
  'takeoff_airport',
  'landing_airport',
  'remarks',
] as const;

/**
 * Tapping a flight: correct it (crew, launch, times with the HH:mm field) or delete it. Only the
 * changed fields are sent, with the version shown, so another operator's change of other fields
 * merges and a change of the same field comes back as a visible conflict.
 */
export function FlightEditModal({
  flight,
  askCrew = false,
  planes,
  users,
  timeZone,
  onSave,
  onDelete,
  onClose,
}: {
  flight: SheetFlight;
  /** A detected flight just recorded without crew: say so, and ask who flew. */
  askCrew?: boolean;
  planes: readonly PlaneItem[];
  users: readonly UserItem[];
  timeZone: string;
  onSave: (changes: Changes) => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['daily-flight', 'messages', 'common']);
  const [draft, setDraft] = useState({
    plane_id: flight.plane_id,
    takeoff_type_id: flight.takeoff_type_id,
    pic_id: flight.pic_id,
    instructor_id: flight.instructor_id,
    sic_id: flight.sic_id,
    training: flight.training,
    winch_operator_id: flight.winch_operator_id,
    tow_plane_id: flight.tow_plane_id,
    tow_pilot_id: flight.tow_pilot_id,
    tow_altitude: flight.tow_altitude,
    takeoff: timeIn(flight.takeoff_time, timeZone),
    landing: timeIn(flight.landing_time, timeZone),
    takeoff_airport: flight.takeoff_airport ?? '',
    landing_airport: flight.landing_airport ?? '',
    remarks: flight.remarks ?? '',
  });
  // The flight as it was when the drawer opened: only what the operator changed since is sent, so a
  // change another operator made meanwhile (arriving live) is not sent back as if it were ours.
  const [opened] = useState(flight);
  const errors = useFieldErrors({
    prefix: 'flight-edit',
    fields: ['takeoff_time', 'landing_time', 'takeoff_airport', 'landing_airport'],
  });
  const [confirmDelete, setConfirmDelete] = useState(false);
  /** Changes that make a 0:00 flight, waiting for the operator's word before they are sent. */
  const [zeroFlight, setZeroFlight] = useState<Changes | null>(null);
  const set = <K extends keyof typeof draft>(field: K, value: (typeof draft)[K]) =>
    setDraft((d) => ({ ...d, [field]: value }));

  const isTow = Boolean(flight.towed_flight_id);
  const samePlanes = planes.filter((p) => p.plane_category === flight.plane_category);
  const sameInstant = (iso: string | null, time: string | null) =>
    time === timeIn(iso, timeZone) ? iso : time ? instantOf(opened.date, time, timeZone) : null;

  const save = () => {
    if (flight.locked) return;
    const next: Record<string, unknown> = {
      ...draft,
      remarks: draft.remarks.trim() === '' ? null : draft.remarks.trim(),
      takeoff_airport: placeOf(draft.takeoff_airport),
      landing_airport: placeOf(draft.landing_airport),
      takeoff_time: sameInstant(opened.takeoff_time, draft.takeoff),
      landing_time: sameInstant(opened.landing_time, draft.landing),
    };
    const problems = flightRuleErrors(next as Parameters<typeof flightRuleErrors>[0]);
    if (draft.landing && !draft.takeoff) problems.takeoff_time = ['field_required'];
    if (Object.keys(problems).length > 0) {
      errors.show(problems);
      return;
    }
    errors.clear();
    const changes: Record<string, unknown> = {};
    for (const field of EDITABLE) {
      const before = (opened as unknown as Record<string, unknown>)[field] ?? null;
      if ((next[field] ?? null) !== before) changes[field] = next[field] ?? null;
    }
    if (Object.keys(changes).length === 0) return onClose();
    // Take-off and landing in the same minute: a 0:00 flight is asked about before it is saved.
    const takeoff = next.takeoff_time as string | null;
    const landing = next.landing_time as string | null;
    const timesChanged = 'takeoff_time' in changes || 'landing_time' in changes;
    if (timesChanged && takeoff && landing && Date.parse(landing) - Date.parse(takeoff) < 60_000)
      return setZeroFlight(changes as Changes);
    onSave(changes as Changes);
  };

  useDialogKeys(
    {
      onCancel: onClose,
      onSave: save,
      onDelete: flight.locked ? undefined : () => setConfirmDelete(true),
    },
    !confirmDelete && !zeroFlight,
  );
  useDialogKeys({ onCancel: () => setConfirmDelete(false) }, confirmDelete);

  const { errorText } = errors;
  const planeOptions = samePlanes.map((p) => ({
    value: p.plane_id,
    label: p.reg_num,
    description: p.plane_type ?? '',
  }));
  const typeOptions = TAKEOFF_TYPES.map((type, index) => ({
    value: String(index + 1),
    label: t(`launch.${type}`),
  }));

  return (
    <>
      <Modal
        visible
        size="large"
        onDismiss={onClose}
        header={t('edit.title', { reg: flight.reg_num })}
        data-testid="flight-edit"
        footer={
          <FormFooter
            prefix="flight-edit"
            saving={false}
            onCancel={onClose}
            onSave={save}
            onDelete={() => setConfirmDelete(true)}
            readOnly={flight.locked}
          />
        }
      >
        <SpaceBetween size="m">
          {flight.locked && <Alert type="info">{t('messages:not_editable')}</Alert>}
          {askCrew && !flight.locked && (
            <Alert type="info" header={t('edit.ask_crew_title')} data-testid="flight-edit-ask-crew">
              {t('edit.ask_crew')}
            </Alert>
          )}
          <ColumnLayout columns={2}>
            <FormField label={t('edit.takeoff_time')} errorText={errorText('takeoff_time')}>
              <div className="ws-big-field">
                <TimeField
                  value={draft.takeoff}
                  onChange={(v) => set('takeoff', v)}
                  readOnly={flight.locked}
                  testId="flight-edit-takeoff"
                />
              </div>
            </FormField>
            <FormField label={t('edit.landing_time')} errorText={errorText('landing_time')}>
              <div className="ws-big-field">
                <TimeField
                  value={draft.landing}
                  onChange={(v) => set('landing', v)}
                  readOnly={flight.locked}
                  testId="flight-edit-landing"
                />
              </div>
            </FormField>
            <FormField label={t('edit.takeoff_airport')} errorText={errorText('takeoff_airport')}>
              <div className="ws-big-field">
                <Input
                  value={draft.takeoff_airport}
                  onChange={({ detail }) => set('takeoff_airport', detail.value.slice(0, 8))}
                  readOnly={flight.locked}
                  data-testid="flight-edit-takeoff-airport"
                />
              </div>
            </FormField>
            <FormField
              label={t('edit.landing_airport')}
              description={t('edit.landing_airport_hint')}
              errorText={errorText('landing_airport')}
            >
              <div className="ws-big-field">
                <Input
                  value={draft.landing_airport}
                  onChange={({ detail }) => set('landing_airport', detail.value.slice(0, 8))}
                  readOnly={flight.locked}
                  data-testid="flight-edit-landing-airport"
                />
              </div>
            </FormField>
            <FormField label={isTow ? t('field.tow_plane') : t('field.glider')}>
              <div className="ws-big-field">
                <Select
                  selectedOption={planeOptions.find((o) => o.value === draft.plane_id) ?? null}
                  options={planeOptions}
                  onChange={({ detail }) => set('plane_id', detail.selectedOption.value ?? flight.plane_id)}
                  disabled={flight.locked}
                  data-testid="flight-edit-plane"
                  expandToViewport
                />
              </div>
            </FormField>
            {!isTow && (
              <FormField label={t('field.launch')}>
                <div className="ws-big-field">
                  <Select
                    selectedOption={
                      typeOptions.find((o) => o.value === String(draft.takeoff_type_id)) ?? null
                    }
                    options={typeOptions}
                    onChange={({ detail }) => set('takeoff_type_id', Number(detail.selectedOption.value))}
                    disabled={flight.locked}
                    data-testid="flight-edit-launch"
                    expandToViewport
                  />
                </div>
              </FormField>
            )}
            <MemberSelect
              label={isTow ? t('field.tow_pilot') : t('field.pic')}
              value={draft.pic_id}
              users={users}
              onChange={(v) => set('pic_id', v)}
              testId="flight-edit-pic"
              errorText={errorText('pic_id')}
            />
            {!isTow && (
              <MemberSelect
                label={t('field.instructor')}
                value={draft.instructor_id}
                users={users}
                onChange={(v) => {
                  set('instructor_id', v);
                  // An instructor on board makes it a training flight (the toggle can still say otherwise).
                  if (v) set('training', true);
                }}
                testId="flight-edit-instructor"
                errorText={errorText('instructor_id')}
              />
            )}
            {!isTow && (
              <MemberSelect
                label={t('field.sic')}
                value={draft.sic_id}
                users={users}
                onChange={(v) => set('sic_id', v)}
                testId="flight-edit-sic"
                errorText={errorText('sic_id')}
              />
            )}
            {!isTow && draft.takeoff_type_id === 3 && (
              <MemberSelect
                label={t('field.winch_operator')}
                value={draft.winch_operator_id}
                users={users}
                onChange={(v) => set('winch_operator_id', v)}
                testId="flight-edit-winch-operator"
              />
            )}
            {!isTow && draft.takeoff_type_id === 5 && (
              <MemberSelect
                label={t('field.tow_pilot')}
                value={draft.tow_pilot_id}
                users={users}
                onChange={(v) => set('tow_pilot_id', v)}
                testId="flight-edit-tow-pilot"
              />
            )}
            {!isTow && draft.takeoff_type_id === 5 && (
              <FormField label={t('field.tow_altitude')}>
                <div className="ws-big-field">
                  <Input
                    value={draft.tow_altitude === null ? '' : String(draft.tow_altitude)}
                    inputMode="numeric"
                    onChange={({ detail }) => {
                      const digits = detail.value.replace(/[^0-9]/g, '');
                      set('tow_altitude', digits === '' ? null : Math.min(3000, Number(digits)));
                    }}
                    data-testid="flight-edit-tow-altitude"
                  />
                </div>
              </FormField>
            )}
            {!isTow && (
              <Toggle
                checked={draft.training}
                onChange={({ detail }) => set('training', detail.checked)}
                disabled={flight.locked}
                data-testid="flight-edit-training"
              >
                {t('field.training')}
              </Toggle>
            )}
          </ColumnLayout>
          <FormField label={t('edit.remarks')}>
            <Textarea
              value={draft.remarks}
              onChange={({ detail }) => set('remarks', detail.value)}
              readOnly={flight.locked}
              data-testid="flight-edit-remarks"
            />
          </FormField>
          {!flight.pending && (
            <FlightCharge flightId={flight.flight_id} landed={flight.status === 'landed'} />
          )}
        </SpaceBetween>
      </Modal>
      <Modal
        visible={confirmDelete}
        onDismiss={() => setConfirmDelete(false)}
        header={t('edit.delete_title')}
        data-testid="flight-delete"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                variant="link"
                onClick={() => setConfirmDelete(false)}
                data-testid="flight-delete-cancel"
              >
                {t('common:action.cancel')}
              </Button>
              <Button variant="primary" onClick={onDelete} data-testid="flight-delete-confirm">
                {t('action.delete')}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {flight.tow_flight_id
          ? t('edit.delete_with_tow', { reg: flight.reg_num })
          : t('edit.delete_text', { reg: flight.reg_num })}
      </Modal>
      <ConfirmModal
        visible={zeroFlight !== null}
        header={t('zero.title')}
        confirmText={t('zero.confirm')}
        busy={false}
        onCancel={() => setZeroFlight(null)}
        onConfirm={() => {
          if (zeroFlight) onSave(zeroFlight);
          setZeroFlight(null);
        }}
        testId="flight-edit-zero"
      >
        {t('zero.text', { reg: flight.reg_num })}
      </ConfirmModal>
    </>
  );
}
