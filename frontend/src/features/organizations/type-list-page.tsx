import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import TextFilter from '@cloudscape-design/components/text-filter';
import Toggle from '@cloudscape-design/components/toggle';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LANGS, type Lang } from '../../../../contracts/langs.ts';
import {
  isTypeListId,
  type TypeListOutput,
  updateTypeListInput,
} from '../../../../contracts/schemas/type-lists.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { type Errors, useErrorText } from '../../components/forms/field-errors.ts';
import { FormFooter, LoadFailed } from '../../components/forms/record-form.tsx';
import { useRecordForm } from '../../components/forms/use-record-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { ApiError, call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { currentLang, LANG_NAMES } from '../../lib/i18n.ts';
import { hrefOf } from '../../lib/navigation.ts';

/** One entry as the screen holds it; `key` stays the same while the code is edited. */
interface Row {
  key: number;
  code: string;
  names: Record<Lang, string>;
  active: boolean;
  sort_order: string;
}

let nextKey = 0;
const rowOf = (item: TypeListOutput['items'][number]): Row => ({
  key: ++nextKey,
  code: item.code,
  names: Object.fromEntries(LANGS.map((lang) => [lang, item.names[lang] ?? ''])) as Record<Lang, string>,
  active: item.active,
  sort_order: String(item.sort_order),
});

const bodyOf = (rows: Row[], version: number) => ({
  items: rows.map((row) => ({
    code: row.code.trim(),
    names: Object.fromEntries(
      LANGS.map((lang) => [
        lang,
        row.names[lang].trim() === '' ? (lang === 'hu' || lang === 'en' ? '' : null) : row.names[lang],
      ]),
    ),
    active: row.active,
    sort_order: /^\d+$/.test(row.sort_order.trim()) ? Number(row.sort_order) : Number.NaN,
  })),
  version,
});

/** Errors of one entry (`items.3.names.en` → `names.en`). */
const rowErrors = (errors: Errors, index: number): Errors =>
  Object.fromEntries(
    Object.entries(errors)
      .filter(([field]) => field.startsWith(`items.${index}.`))
      .map(([field, keys]) => [field.slice(`items.${index}.`.length), keys]),
  );

/** The dialog for one entry: code, a name in each language, active, sort order. */
function EntryModal({
  row,
  errors,
  onClose,
  onApply,
}: {
  row: Row;
  errors: Errors;
  onClose: () => void;
  onApply: (row: Row) => void;
}) {
  const { t } = useTranslation(['organizations', 'common']);
  const [draft, setDraft] = useState(row);
  const errorText = useErrorText(errors);
  useDialogKeys({ onCancel: onClose, onSave: () => onApply(draft) });

  return (
    <Modal
      visible
      size="large"
      onDismiss={onClose}
      header={row.code ? t('type_list.edit_entry', { code: row.code }) : t('type_list.new_entry')}
      data-testid="type-list-entry-modal"
      footer={
        <FormFooter
          prefix="type-list-entry"
          saving={false}
          onCancel={onClose}
          onSave={() => onApply(draft)}
          saveText={t('type_list.apply')}
        />
      }
    >
      <SpaceBetween size="m">
        <ColumnLayout columns={3}>
          <FormField label={t('type_list.code')} errorText={errorText('code')}>
            <Input
              value={draft.code}
              onChange={({ detail }) => setDraft({ ...draft, code: detail.value })}
              invalid={Boolean(errorText('code'))}
              data-testid="type-list-entry-code"
            />
          </FormField>
          <FormField label={t('type_list.sort_order')} errorText={errorText('sort_order')}>
            <Input
              value={draft.sort_order}
              inputMode="numeric"
              onChange={({ detail }) => setDraft({ ...draft, sort_order: detail.value })}
              invalid={Boolean(errorText('sort_order'))}
            />
          </FormField>
          <FormField label={t('type_list.state')}>
            <Toggle
              checked={draft.active}
              onChange={({ detail }) => setDraft({ ...draft, active: detail.checked })}
            >
              {t('type_list.active')}
            </Toggle>
          </FormField>
        </ColumnLayout>
        <ColumnLayout columns={2}>
          {LANGS.map((lang) => (
            <FormField
              key={lang}
              label={LANG_NAMES[lang]}
              constraintText={
                lang === 'hu' || lang === 'en' ? t('type_list.name_required') : t('type_list.name_optional')
              }
              errorText={errorText(`names.${lang}`)}
            >
              <Input
                value={draft.names[lang]}
                onChange={({ detail }) =>
                  setDraft({ ...draft, names: { ...draft.names, [lang]: detail.value } })
                }
                invalid={Boolean(errorText(`names.${lang}`))}
                data-testid={`type-list-entry-name-${lang}`}
              />
            </FormField>
          ))}
        </ColumnLayout>
      </SpaceBetween>
    </Modal>
  );
}

/**
 * `type-list/{id}` (supervisor): one global list's entries. Entries change on the screen and the
 * whole list is saved at once; a list someone else saved meanwhile is a 409.
 */
export default function TypeListPage() {
  const { t } = useTranslation(['organizations', 'messages', 'nav', 'common']);
  const { id: listParam = '' } = useParams();
  const id = isTypeListId(listParam) ? listParam : null;
  const navigate = usePageNavigate();
  const lang = currentLang();
  const [editing, setEditing] = useState<{ row: Row; index: number } | null>(null);
  const back = () => navigate(hrefOf('type-lists'));
  const form = useRecordForm({
    // A list the product does not have is not asked for: the page says it is not there.
    load: useCallback(
      () =>
        id ? call('getTypeList', { params: { id } }) : Promise.reject(new ApiError(404, 'not_found', true)),
      [id],
    ),
    toValues: (list: TypeListOutput) => list.items.map(rowOf),
    toInput: (rows, list) => bodyOf(rows, list.version),
    schema: updateTypeListInput,
    save: (body, list) => call('updateTypeList', { params: { id: list.list_id }, body }),
    onSaved: (saved) =>
      flash('success', 'type_list_saved', { values: { name: t(`lists.${saved.list_id}`) } }),
    onCancel: back,
    keysActive: editing === null,
    // The entries' fields are in their dialog: the list says which rows have errors.
    focus: { prefix: 'type-list', onShown: () => flash('error', 'validation_failed') },
  });
  const rows = form.values ?? [];
  const errors = form.errors;
  const setRows = (next: Row[]) => form.update(() => next);

  const { items, collectionProps, filterProps, filteredItemsCount } = useCollection(rows, {
    filtering: {
      filteringFunction: (row, text) => {
        const needle = text.trim().toLowerCase();
        return [row.code, ...Object.values(row.names)].some((value) => value.toLowerCase().includes(needle));
      },
    },
    sorting: {},
  });

  if (form.state === 'failed' || form.state === 'not_found')
    return <LoadFailed onRetry={form.reload}>{t('type_list.load_failed')}</LoadFailed>;
  const list = form.record;
  if (!form.values || !list) return <PageSpinner />;

  const indexOf = (row: Row) => rows.findIndex((r) => r.key === row.key);
  const nameOf = (row: Row) => row.names[lang] || row.names.en || row.names.hu;
  const hasErrors = (row: Row) => Object.keys(rowErrors(errors, indexOf(row))).length > 0;
  const apply = (row: Row, index: number) => {
    // The entry's own errors are answered by the edit; the rest stay until the next save.
    form.update(
      (current) =>
        index < current.length ? current.map((r, i) => (i === index ? row : r)) : [...current, row],
      `items.${index}`,
    );
    setEditing(null);
  };
  const remove = (row: Row) => {
    setRows(rows.filter((r) => r.key !== row.key));
    // Row errors no longer line up with the rows: checked again on save.
    form.clear();
  };
  const newRow = (): Row => ({
    key: ++nextKey,
    code: '',
    names: Object.fromEntries(LANGS.map((l) => [l, ''])) as Record<Lang, string>,
    active: true,
    sort_order: String(Math.max(0, ...rows.map((r) => Number(r.sort_order) || 0)) + 10),
  });

  return (
    <>
      <UnsavedChangesPrompt when={form.dirty && !form.saving} />
      <DataTable<Row>
        id="type-list"
        collection={collectionProps}
        testId="type-list-table"
        variant="full-page"
        items={items}
        trackBy="key"
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={`(${rows.length})`}
            description={t(`list_about.${id}`, { defaultValue: '' })}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={back}>{t('common:action.cancel')}</Button>
                <Button
                  onClick={() => setEditing({ row: newRow(), index: rows.length })}
                  data-testid="type-list-add"
                >
                  {t('type_list.add')}
                </Button>
                <Button
                  variant="primary"
                  loading={form.saving}
                  disabled={!form.dirty}
                  onClick={() => form.submit()}
                  data-testid="type-list-save"
                >
                  {t('type_list.save')}
                </Button>
              </SpaceBetween>
            }
          >
            {t(`lists.${list.list_id}`)}
          </Header>
        }
        filter={
          <TextFilter
            {...filterProps}
            filteringPlaceholder={t('type_list.filter')}
            filteringAriaLabel={t('type_list.filter')}
            countText={t('type_list.matches', { count: filteredItemsCount ?? 0 })}
          />
        }
        empty={<Box color="text-status-inactive">{t('type_list.empty')}</Box>}
        columns={[
          {
            id: 'code',
            header: t('type_list.code'),
            sortingField: 'code',
            cell: (row) =>
              hasErrors(row) ? (
                <StatusIndicator type="error">{row.code || '?'}</StatusIndicator>
              ) : (
                <span data-testid={`type-list-code-${row.code}`}>{row.code}</span>
              ),
          },
          { id: 'name', header: t('type_list.name_in', { lang: LANG_NAMES[lang] }), cell: nameOf },
          {
            id: 'active',
            header: t('type_list.state'),
            cell: (row) => (
              <StatusIndicator type={row.active ? 'success' : 'stopped'}>
                {row.active ? t('type_list.active') : t('type_list.inactive')}
              </StatusIndicator>
            ),
          },
          {
            id: 'sort_order',
            header: t('type_list.sort_order'),
            sortingComparator: (a, b) => Number(a.sort_order) - Number(b.sort_order),
            cell: (row) => row.sort_order,
          },
          {
            id: 'actions',
            header: t('column.actions'),
            cell: (row) => (
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  variant="inline-link"
                  onClick={() => setEditing({ row, index: indexOf(row) })}
                  data-testid={`type-list-edit-${row.code}`}
                >
                  {t('subscription.edit')}
                </Button>
                <Button variant="inline-link" onClick={() => remove(row)}>
                  {t('type_list.remove')}
                </Button>
              </SpaceBetween>
            ),
          },
        ]}
      />
      {editing ? (
        <EntryModal
          row={editing.row}
          errors={rowErrors(errors, editing.index)}
          onClose={() => setEditing(null)}
          onApply={(row) => apply(row, editing.index)}
        />
      ) : null}
    </>
  );
}
