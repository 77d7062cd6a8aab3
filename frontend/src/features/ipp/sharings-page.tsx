import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import Multiselect from '@cloudscape-design/components/multiselect';
import Pagination from '@cloudscape-design/components/pagination';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { todayIn } from '../../../../contracts/calendar.ts';
import {
  createSharingInput,
  type partnersOutput,
  type SharingOutput,
  type shareablesOutput,
  updateSharingInput,
} from '../../../../contracts/schemas/ipp.ts';
import type { ShareState } from '../../../../contracts/schemas/training-enums.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { call, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate } from '../../lib/format.ts';
import { session } from '../../lib/session-state.ts';
import { useStore } from '../../lib/store.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { act, useEdit } from '../training/use-edit.ts';

type Partners = z.infer<typeof partnersOutput>['items'];
type Shareables = z.infer<typeof shareablesOutput>;

const STATE_TYPE: Record<ShareState, StatusIndicatorProps.Type> = {
  scheduled: 'pending',
  active: 'success',
  ended: 'stopped',
  closed: 'stopped',
};

export function ShareStateText({ state }: { state: ShareState }) {
  const { t } = useTranslation('training');
  return (
    <StatusIndicator type={STATE_TYPE[state]} data-state={state}>
      {t(`ipp.state.${state}`)}
    </StatusIndicator>
  );
}

/**
 * ipp/sharings (issue 16 §7): what this organization shares with partners (organizations with the
 * ipp_client module): instructors, students, aircraft that may be shared, programmes, for a
 * window; closing a share ends the partner's access at once.
 */
export default function SharingsPage() {
  const { t } = useTranslation(['training', 'nav', 'common', 'messages']);
  const { profile } = useStore(session);
  const today = todayIn(profile?.organization?.timezone ?? 'UTC');
  const [editing, setEditing] = useState<SharingOutput | 'new' | null>(null);
  const [closing, setClosing] = useState<SharingOutput | null>(null);
  const [busy, setBusy] = useState(false);
  const fetchPage = useCallback(
    (cursor: string | undefined) => call('listIppSharings', { query: { cursor, limit: 50 } }),
    [],
  );
  const [generation, setGeneration] = useState(0);
  const sharings = useCursorPages<SharingOutput>(fetchPage, `sharings-${generation}`);
  const names = (list: { name: string }[]) => list.map((x) => x.name).join(', ') || '—';

  const close = async () => {
    if (!closing) return;
    setBusy(true);
    const done = await act(() =>
      call('closeIppSharing', { params: { id: closing.share_id }, body: { version: closing.version } }),
    );
    setBusy(false);
    setClosing(null);
    if (done) {
      flash('success', 'share_closed');
      setGeneration((n) => n + 1);
    }
  };

  return (
    <>
      <DataTable<SharingOutput>
        id="sharings"
        variant="full-page"
        header={
          <Header
            variant="awsui-h1-sticky"
            description={t('ipp.sharings.description')}
            actions={
              <Button
                variant="primary"
                iconName="add-plus"
                onClick={() => setEditing('new')}
                data-testid="sharings-new"
              >
                {t('ipp.sharings.new')}
              </Button>
            }
          >
            {t('nav:title.ipp_sharings')}
          </Header>
        }
        items={sharings.items}
        loading={sharings.loading}
        loadingText={t('common:nav.loading')}
        trackBy="share_id"
        empty={<Box color="text-status-inactive">{t('ipp.sharings.empty')}</Box>}
        pagination={
          <Pagination
            currentPageIndex={sharings.pageNumber}
            pagesCount={sharings.pagesCount}
            openEnd={sharings.hasMore}
            onChange={({ detail }) => sharings.goTo(detail.currentPageIndex)}
          />
        }
        testId="sharings-table"
        columns={[
          { id: 'partner', header: t('ipp.field.partner'), cell: (s) => s.partner_name },
          {
            id: 'window',
            header: t('ipp.field.window'),
            cell: (s) => `${formatDate(s.start_date)} – ${formatDate(s.end_date)}`,
          },
          { id: 'state', header: t('field.status'), cell: (s) => <ShareStateText state={s.state} /> },
          { id: 'instructors', header: t('ipp.field.instructors'), cell: (s) => names(s.instructors) },
          { id: 'students', header: t('ipp.field.students'), cell: (s) => names(s.students) },
          { id: 'planes', header: t('ipp.field.planes'), cell: (s) => names(s.planes) },
          { id: 'programmes', header: t('ipp.field.programmes'), cell: (s) => names(s.programmes) },
          {
            id: 'actions',
            header: '',
            cell: (s) => (
              <SpaceBetween direction="horizontal" size="xs">
                {s.can_edit && (
                  <Button
                    variant="inline-link"
                    onClick={() => setEditing(s)}
                    data-testid={`sharing-edit-${s.share_id}`}
                  >
                    {t('ipp.sharings.edit')}
                  </Button>
                )}
                {s.can_close && (
                  <Button
                    variant="inline-link"
                    onClick={() => setClosing(s)}
                    data-testid={`sharing-close-${s.share_id}`}
                  >
                    {t('ipp.sharings.close')}
                  </Button>
                )}
              </SpaceBetween>
            ),
          },
        ]}
      />
      {editing && (
        <SharingModal
          sharing={editing === 'new' ? null : editing}
          today={today}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            flash('success', 'share_saved');
            setGeneration((n) => n + 1);
          }}
        />
      )}
      <ConfirmModal
        visible={closing !== null}
        header={t('ipp.sharings.close_title')}
        confirmText={t('ipp.sharings.close')}
        busy={busy}
        onConfirm={() => void close()}
        onCancel={() => setClosing(null)}
        testId="sharing-close-confirm"
      >
        {t('ipp.sharings.close_body', { partner: closing?.partner_name ?? '' })}
      </ConfirmModal>
    </>
  );
}

interface Values {
  partner_organization_id: string;
  start_date: string;
  end_date: string;
  instructor_ids: string[];
  student_ids: string[];
  plane_ids: string[];
  programme_ids: string[];
  note: string;
}

function SharingModal({
  sharing,
  today,
  onClose,
  onSaved,
}: {
  sharing: SharingOutput | null;
  today: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['training', 'common', 'messages']);
  const [partners, setPartners] = useState<Partners>([]);
  const [shareables, setShareables] = useState<Shareables | null>(null);
  const edit = useEdit<Values>({
    partner_organization_id: sharing?.partner_organization_id ?? '',
    start_date: sharing?.start_date ?? today,
    end_date: sharing?.end_date ?? today,
    instructor_ids: sharing?.instructors.map((x) => x.id) ?? [],
    student_ids: sharing?.students.map((x) => x.id) ?? [],
    plane_ids: sharing?.planes.map((x) => x.id) ?? [],
    programme_ids: sharing?.programmes.map((x) => x.id) ?? [],
    note: sharing?.note ?? '',
  });
  useEffect(() => {
    Promise.all([call('listIppPartners'), call('listIppShareables')]).then(
      ([p, s]) => {
        setPartners(p.items);
        setShareables(s);
      },
      (error: unknown) => reportFailure(error),
    );
  }, []);
  const submit = async () => {
    const v = edit.values;
    const items = {
      start_date: v.start_date,
      end_date: v.end_date,
      instructor_ids: v.instructor_ids,
      student_ids: v.student_ids,
      plane_ids: v.plane_ids,
      programme_ids: v.programme_ids,
      note: v.note || null,
    };
    const ok = sharing
      ? await edit.save(updateSharingInput, { ...items, version: sharing.version }, async (body) => {
          await call('updateIppSharing', { params: { id: sharing.share_id }, body });
        })
      : await edit.save(
          createSharingInput,
          { ...items, partner_organization_id: v.partner_organization_id },
          async (body) => {
            await call('createIppSharing', { body });
          },
        );
    if (ok) onSaved();
  };
  useDialogKeys({ onCancel: onClose, onSave: () => void submit() }, true);
  const { values, set, errorText } = edit;
  const multi = (
    field: 'instructor_ids' | 'student_ids' | 'plane_ids' | 'programme_ids',
    label: string,
    options: { value: string; label: string; disabled?: boolean; description?: string }[],
  ) => (
    <FormField label={label} errorText={errorText(field)}>
      <Multiselect
        selectedOptions={options.filter((o) => values[field].includes(o.value))}
        options={options}
        filteringType="auto"
        statusType={shareables ? 'finished' : 'loading'}
        onChange={({ detail }) =>
          set(
            field,
            detail.selectedOptions.map((o) => o.value ?? ''),
          )
        }
        data-testid={`sharing-${field}`}
      />
    </FormField>
  );
  const partnerOptions = partners.map((p) => ({ value: p.organization_id, label: p.organization_name }));
  return (
    <Modal
      visible
      size="large"
      onDismiss={onClose}
      header={
        sharing ? t('ipp.sharings.edit_title', { partner: sharing.partner_name }) : t('ipp.sharings.new')
      }
      data-testid="sharing-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              {t('common:action.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={edit.saving}
              onClick={() => void submit()}
              data-testid="sharing-save"
            >
              {t('common:action.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {!sharing && (
          <FormField label={t('ipp.field.partner')} errorText={errorText('partner_organization_id')}>
            <Select
              selectedOption={partnerOptions.find((o) => o.value === values.partner_organization_id) ?? null}
              options={partnerOptions}
              placeholder={t('field.choose')}
              empty={t('ipp.sharings.no_partners')}
              onChange={({ detail }) => set('partner_organization_id', detail.selectedOption.value ?? '')}
              data-testid="sharing-partner"
            />
          </FormField>
        )}
        <ColumnLayout columns={2}>
          <FormField label={t('ipp.field.start_date')} errorText={errorText('start_date')}>
            <DatePicker
              value={values.start_date}
              onChange={({ detail }) => set('start_date', detail.value)}
              placeholder={t('common:date.picker_placeholder')}
              expandToViewport
            />
          </FormField>
          <FormField label={t('ipp.field.end_date')} errorText={errorText('end_date')}>
            <DatePicker
              value={values.end_date}
              onChange={({ detail }) => set('end_date', detail.value)}
              placeholder={t('common:date.picker_placeholder')}
              expandToViewport
            />
          </FormField>
        </ColumnLayout>
        {multi(
          'instructor_ids',
          t('ipp.field.instructors'),
          (shareables?.instructors ?? []).map((x) => ({ value: x.id, label: x.name })),
        )}
        {multi(
          'student_ids',
          t('ipp.field.students'),
          (shareables?.students ?? []).map((x) => ({ value: x.id, label: x.name })),
        )}
        {multi(
          'plane_ids',
          t('ipp.field.planes'),
          (shareables?.planes ?? []).map((p) => ({
            value: p.id,
            label: p.name,
            disabled: !p.can_be_shared,
            description: p.can_be_shared
              ? t('ipp.sharings.plane_window', {
                  from: p.share_start_date ? formatDate(p.share_start_date) : '…',
                  to: p.share_end_date ? formatDate(p.share_end_date) : '…',
                })
              : t('messages:not_shareable'),
          })),
        )}
        {multi(
          'programme_ids',
          t('ipp.field.programmes'),
          (shareables?.programmes ?? []).map((x) => ({ value: x.id, label: x.name })),
        )}
        <FormField label={t('ipp.field.note')} errorText={errorText('note')}>
          <Textarea value={values.note} rows={2} onChange={({ detail }) => set('note', detail.value)} />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}
