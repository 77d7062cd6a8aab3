import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveSheetInput, SheetOutput } from '../../../../contracts/schemas/daily-flights.ts';
import type { PlaneItem, UserItem } from '../../../../contracts/schemas/lookups.ts';
import { MemberSelect } from './member-select.tsx';

type SheetChanges = Omit<SaveSheetInput, 'version'>;

/**
 * The sheet's header (daily-flight/{id}): airport, coordinator, winch and the day's tow planes.
 * Saved with the version read; another operator's save first means a reload and a notice.
 */
export function SheetHeaderPanel({
  sheet,
  planes,
  users,
  nameOf,
  onSave,
}: {
  sheet: SheetOutput;
  planes: readonly PlaneItem[];
  users: readonly UserItem[];
  nameOf: (userId: string | null) => string;
  onSave: (changes: SheetChanges, version: number) => void;
}) {
  const { t } = useTranslation('daily-flight');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(sheet);
  // Another operator's save arrives live: the closed form follows it.
  useEffect(() => {
    if (!open) setDraft(sheet);
  }, [sheet, open]);
  const powered = planes.filter((p) => p.plane_category === 'plc_01');
  const towRegs = sheet.tow_plane_ids
    .map((id) => planes.find((p) => p.plane_id === id)?.reg_num)
    .filter(Boolean)
    .join(', ');
  const summary = [
    sheet.airport,
    sheet.leader_id && `${t('sheet.leader')}: ${nameOf(sheet.leader_id)}`,
    sheet.winch && `${t('sheet.winch')}: ${sheet.winch}`,
    towRegs && `${t('sheet.tow_planes')}: ${towRegs}`,
  ]
    .filter(Boolean)
    .join(' · ');

  const save = () => {
    onSave(
      {
        airport: draft.airport?.trim() ? draft.airport.trim().toUpperCase() : null,
        leader_id: draft.leader_id,
        winch: draft.winch?.trim() ? draft.winch.trim() : null,
        tow_plane_ids: draft.tow_plane_ids,
      },
      sheet.version,
    );
    setOpen(false);
  };

  return (
    <ExpandableSection
      variant="container"
      expanded={open}
      onChange={({ detail }) => {
        setDraft(sheet);
        setOpen(detail.expanded);
      }}
      headerText={t('sheet.settings')}
      headerDescription={summary || t('sheet.not_set')}
      data-testid="sheet-settings"
    >
      <SpaceBetween size="m">
        <ColumnLayout columns={2}>
          <FormField label={t('sheet.airport')} stretch>
            <div className="ws-big-field">
              <Input
                value={draft.airport ?? ''}
                onChange={({ detail }) => setDraft((d) => ({ ...d, airport: detail.value }))}
                data-testid="sheet-airport"
              />
            </div>
          </FormField>
          <FormField label={t('sheet.winch')} stretch>
            <div className="ws-big-field">
              <Input
                value={draft.winch ?? ''}
                onChange={({ detail }) => setDraft((d) => ({ ...d, winch: detail.value }))}
                data-testid="sheet-winch"
              />
            </div>
          </FormField>
          <MemberSelect
            label={t('sheet.leader')}
            value={draft.leader_id}
            users={users}
            onChange={(leader_id) => setDraft((d) => ({ ...d, leader_id }))}
            testId="sheet-leader"
          />
          <FormField label={t('sheet.tow_planes')} stretch>
            <div className="ws-choices">
              {powered.map((p) => {
                const on = draft.tow_plane_ids.includes(p.plane_id);
                return (
                  <button
                    key={p.plane_id}
                    type="button"
                    className="ws-choice"
                    aria-pressed={on}
                    onClick={() =>
                      setDraft((d) => ({
                        ...d,
                        tow_plane_ids: on
                          ? d.tow_plane_ids.filter((id) => id !== p.plane_id)
                          : [...d.tow_plane_ids, p.plane_id],
                      }))
                    }
                    data-testid={`sheet-tow-plane-${p.reg_num}`}
                  >
                    {p.reg_num}
                  </button>
                );
              })}
            </div>
          </FormField>
        </ColumnLayout>
        <Button variant="primary" onClick={save} data-testid="sheet-save">
          {t('action.save')}
        </Button>
      </SpaceBetween>
    </ExpandableSection>
  );
}
