import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { addDays } from '../../../../contracts/calendar.ts';
import {
  type PriceRule,
  type SimulationOutput,
  type TariffOutput,
  updateTariffInput,
} from '../../../../contracts/schemas/tariffs.ts';
import { usePageNavigate } from '../../app/links.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import { DateField } from '../../components/forms/date-field.tsx';
import { LoadFailed, RecordFormFrame } from '../../components/forms/record-form.tsx';
import { reportSaveFailure, useRecordForm } from '../../components/forms/use-record-form.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { formatDate } from '../../lib/format.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { Amount, useMoney, useToday } from './finance-ui.tsx';
import { RuleModal } from './rule-modal.tsx';

interface Values {
  name: string;
  notes: string;
  rules: PriceRule[];
}

/**
 * `tariff/{id}` (our route for issue 14 §3–4): a tariff's rules, in the order that decides (the
 * first rule that matches prices a component); a draft is edited, simulated on last season's real
 * flights — the difference per member and per category, the median change and the largest — and
 * published from a day on; a published tariff is read only (copy it to change prices).
 */
export default function TariffPage() {
  const { t } = useTranslation(['finance', 'ledger', 'nav', 'common']);
  const { id = '' } = useParams();
  const navigate = usePageNavigate();
  const today = useToday();
  const { money } = useMoney();
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [validFrom, setValidFrom] = useState(today);
  const [deleting, setDeleting] = useState(false);
  const [from, setFrom] = useState(addDays(today, -365));
  const [to, setTo] = useState(today);
  const [simulation, setSimulation] = useState<SimulationOutput | null>(null);
  const [simulating, setSimulating] = useState(false);
  const back = () => navigate(hrefOf('tariffs'));
  const form = useRecordForm({
    load: useCallback(() => call('getTariff', { params: { id } }), [id]),
    toValues: (tariff: TariffOutput): Values => ({
      name: tariff.name,
      notes: tariff.notes ?? '',
      rules: tariff.rules,
    }),
    toInput: (values, tariff) => ({
      name: values.name,
      notes: values.notes.trim() || null,
      rules: values.rules,
      version: tariff.version,
    }),
    schema: updateTariffInput,
    save: async (body) => {
      const saved = await call('updateTariff', { params: { id }, body });
      flash('success', 'tariff_saved');
      return saved;
    },
    onCancel: back,
    onDelete: () => setDeleting(true),
    readOnly: (tariff) => !tariff.can_edit,
    focus: { prefix: 'tariff', fields: ['name', 'notes', 'rules'] },
    keysActive: !editing && !publishing && !deleting,
  });
  if (form.state === 'failed' || form.state === 'not_found')
    return <LoadFailed onRetry={form.reload}>{t('finance:tariffs.load_failed')}</LoadFailed>;
  const { values, record: tariff, set } = form;
  if (!values || !tariff) return <PageSpinner />;
  const readOnly = !tariff.can_edit;

  const nextId = () => {
    for (let n = values.rules.length + 1; ; n++)
      if (!values.rules.some((r) => r.rule_id === `rule-${n}`)) return `rule-${n}`;
  };
  const move = (index: number, by: number) => {
    const rules = [...values.rules];
    const [rule] = rules.splice(index, 1);
    rules.splice(index + by, 0, rule!);
    set('rules', rules);
  };
  const simulate = async () => {
    setSimulating(true);
    try {
      setSimulation(await call('simulateTariff', { params: { id }, body: { from, to } }));
    } catch (error) {
      reportSaveFailure(error);
    } finally {
      setSimulating(false);
    }
  };
  const publish = () =>
    void form.run(async () => {
      const saved = await call('publishTariff', {
        params: { id },
        body: { valid_from: validFrom, version: tariff.version },
      });
      form.adopt(saved);
      setPublishing(false);
      flash('success', 'tariff_published');
    });
  const remove = () =>
    void form.run(async () => {
      await call('deleteTariff', { params: { id } });
      flash('success', 'tariff_deleted');
      back();
    });
  const summary = (rule: PriceRule) => {
    const c = rule.conditions ?? {};
    return (
      [
        c.plane_types?.join(', '),
        c.categories?.map((x) => t(`finance:category.${x}`)).join(', '),
        c.launch_methods?.map((x) => t(`finance:launch.${x}`)).join(', '),
        c.membership_types?.map((x) => t(`ledger:membership_type.${x}`)).join(', '),
        c.training === true && t('finance:rules.training'),
        c.guest === true && t('finance:rules.guest'),
        c.flight_role === 'tow' && t('finance:rules.role.tow'),
        (typeof c.age_min === 'number' || typeof c.age_max === 'number') &&
          t('finance:rules.ages', { min: c.age_min ?? 0, max: c.age_max ?? '…' }),
      ]
        .filter(Boolean)
        .join(' · ') || t('finance:rules.every_flight')
    );
  };
  const price = (rule: PriceRule) => {
    switch (rule.kind) {
      case 'per_minute':
        return t('finance:rules.price_per_minute', { rate: money(rule.rate) });
      case 'flat':
        return money(rule.amount);
      case 'tow_height':
        return t('finance:rules.price_steps', { price: money(rule.step_price), metres: rule.step_metres });
      case 'multiplier':
        return `× ${rule.factor}`;
    }
  };

  return (
    <>
      <RecordFormFrame
        prefix="tariff"
        header={
          <Header
            variant="h1"
            description={
              tariff.status === 'draft'
                ? t('finance:tariffs.draft_description')
                : t('finance:tariffs.published_description', { date: formatDate(tariff.valid_from) })
            }
            actions={
              tariff.can_publish && (
                <Button
                  onClick={() => setPublishing(true)}
                  disabled={form.dirty}
                  data-testid="tariff-publish"
                >
                  {t('finance:tariffs.publish')}
                </Button>
              )
            }
          >
            {tariff.name}{' '}
            {tariff.in_force && (
              <StatusIndicator type="success">{t('finance:tariffs.in_force')}</StatusIndicator>
            )}
          </Header>
        }
        errorText={form.formErrorText()}
        dirty={form.dirty}
        saving={form.saving}
        onSubmit={form.submit}
        onCancel={back}
        onDelete={tariff.can_delete ? () => setDeleting(true) : undefined}
        readOnly={readOnly}
      >
        <SpaceBetween size="l">
          {readOnly && <Alert type="info">{t('finance:tariffs.frozen')}</Alert>}
          <Container>
            <ColumnLayout columns={2}>
              <FormField label={t('finance:field.name')} errorText={form.errorText('name')}>
                <Input
                  value={values.name}
                  readOnly={readOnly}
                  onChange={({ detail }) => set('name', detail.value)}
                  data-testid="tariff-name"
                />
              </FormField>
              <FormField label={t('finance:tariffs.notes')} errorText={form.errorText('notes')}>
                <Textarea
                  value={values.notes}
                  readOnly={readOnly}
                  rows={2}
                  onChange={({ detail }) => set('notes', detail.value)}
                  data-testid="tariff-notes"
                />
              </FormField>
            </ColumnLayout>
          </Container>
          <DataTable<PriceRule>
            id="tariff-rules"
            testId="tariff-rules"
            items={values.rules}
            trackBy="rule_id"
            header={
              <Header
                variant="h2"
                description={t('finance:rules.description')}
                counter={`(${values.rules.length})`}
                actions={
                  !readOnly && (
                    <Button
                      formAction="none"
                      iconName="add-plus"
                      onClick={() => setEditing({ index: null })}
                      data-testid="tariff-add-rule"
                    >
                      {t('finance:rules.add')}
                    </Button>
                  )
                }
              >
                {t('finance:rules.title')}
              </Header>
            }
            empty={<Box color="text-status-inactive">{t('finance:rules.empty')}</Box>}
            columns={[
              {
                id: 'name',
                header: t('finance:field.name'),
                cell: (rule) => (
                  <SpaceBetween size="xxxs">
                    <span>{rule.name}</span>
                    {rule.enabled === false && (
                      <StatusIndicator type="stopped">{t('finance:rules.off')}</StatusIndicator>
                    )}
                  </SpaceBetween>
                ),
              },
              {
                id: 'component',
                header: t('finance:rules.component'),
                cell: (rule) => t(`ledger:component.${rule.component}`),
                short: true,
              },
              { id: 'price', header: t('finance:rules.price'), cell: price, minWidth: 140, short: true },
              { id: 'when', header: t('finance:rules.conditions'), cell: summary },
              // A frozen tariff is read only: no column of buttons it cannot use.
              ...(readOnly
                ? []
                : [
                    {
                      id: 'actions',
                      header: t('common:table.actions'),
                      cell: (rule: PriceRule) => {
                        const index = values.rules.indexOf(rule);
                        return (
                          <SpaceBetween direction="horizontal" size="xxs">
                            <Button
                              formAction="none"
                              variant="icon"
                              iconName="angle-up"
                              ariaLabel={t('finance:rules.up')}
                              disabled={index === 0}
                              onClick={() => move(index, -1)}
                            />
                            <Button
                              formAction="none"
                              variant="icon"
                              iconName="angle-down"
                              ariaLabel={t('finance:rules.down')}
                              disabled={index === values.rules.length - 1}
                              onClick={() => move(index, 1)}
                            />
                            <Button
                              formAction="none"
                              variant="icon"
                              iconName="edit"
                              ariaLabel={t('finance:rules.edit')}
                              onClick={() => setEditing({ index })}
                              data-testid={`tariff-edit-${rule.rule_id}`}
                            />
                            <Button
                              formAction="none"
                              variant="icon"
                              iconName="remove"
                              ariaLabel={t('finance:rules.remove')}
                              onClick={() =>
                                set(
                                  'rules',
                                  values.rules.filter((_, i) => i !== index),
                                )
                              }
                            />
                          </SpaceBetween>
                        );
                      },
                    },
                  ]),
            ]}
          />
          <Container
            header={
              <Header variant="h2" description={t('finance:simulator.description')}>
                {t('finance:simulator.title')}
              </Header>
            }
          >
            <SpaceBetween size="l">
              <SpaceBetween direction="horizontal" size="m" alignItems="end">
                <FormField label={t('finance:field.from')}>
                  <DateField value={from} onChange={setFrom} testId="simulator-from" />
                </FormField>
                <FormField label={t('finance:field.to')}>
                  <DateField value={to} onChange={setTo} testId="simulator-to" />
                </FormField>
                <Button
                  formAction="none"
                  onClick={() => void simulate()}
                  loading={simulating}
                  disabled={form.dirty}
                  data-testid="simulator-run"
                >
                  {t('finance:simulator.run')}
                </Button>
              </SpaceBetween>
              {form.dirty && <Box color="text-status-info">{t('finance:simulator.save_first')}</Box>}
              {simulation && <SimulationView simulation={simulation} />}
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </RecordFormFrame>
      {editing && (
        <RuleModal
          rule={editing.index === null ? null : (values.rules[editing.index] ?? null)}
          newId={nextId()}
          onCancel={() => setEditing(null)}
          onDone={(rule) => {
            set(
              'rules',
              editing.index === null
                ? [...values.rules, rule]
                : values.rules.map((r, i) => (i === editing.index ? rule : r)),
            );
            setEditing(null);
          }}
        />
      )}
      <ConfirmModal
        visible={publishing}
        header={t('finance:tariffs.publish_title')}
        confirmText={t('finance:tariffs.publish')}
        busy={form.saving}
        onConfirm={publish}
        onCancel={() => setPublishing(false)}
        testId="tariff-publish-modal"
      >
        <SpaceBetween size="m">
          <Box>{t('finance:tariffs.publish_body')}</Box>
          <FormField label={t('finance:tariffs.valid_from')}>
            <DateField value={validFrom} onChange={setValidFrom} testId="tariff-valid_from" />
          </FormField>
        </SpaceBetween>
      </ConfirmModal>
      <ConfirmModal
        visible={deleting}
        header={t('finance:tariffs.delete_title')}
        confirmText={t('common:action.delete')}
        busy={form.saving}
        onConfirm={() => {
          setDeleting(false);
          remove();
        }}
        onCancel={() => setDeleting(false)}
        testId="tariff-delete"
      >
        {t('finance:tariffs.delete_body')}
      </ConfirmModal>
    </>
  );
}

/** The simulator's answer: totals, per category, per member, the median change, the largest changes. */
function SimulationView({ simulation }: { simulation: SimulationOutput }) {
  const { t } = useTranslation(['finance']);
  const { money } = useMoney();
  const change = (value: number) => <Amount value={value} money={money} />;
  /** The three figures every table of the simulation ends with: today's price, the proposed one, the change. */
  const figures: DataColumn<{ current: number; proposed: number; difference: number }>[] = [
    { id: 'current', header: t('finance:simulator.current'), cell: (r) => money(r.current), align: 'end' },
    { id: 'proposed', header: t('finance:simulator.proposed'), cell: (r) => money(r.proposed), align: 'end' },
    {
      id: 'difference',
      header: t('finance:simulator.difference'),
      cell: (r) => change(r.difference),
      align: 'end',
    },
  ];
  return (
    <SpaceBetween size="l" data-testid="simulation">
      <ColumnLayout columns={4} variant="text-grid">
        <div>
          <Box variant="awsui-key-label">{t('finance:simulator.flights')}</Box>
          <div>
            {t('finance:simulator.flights_value', { priced: simulation.priced, flights: simulation.flights })}
          </div>
        </div>
        <div>
          <Box variant="awsui-key-label">{t('finance:simulator.current')}</Box>
          <div>{money(simulation.totals.current)}</div>
        </div>
        <div>
          <Box variant="awsui-key-label">{t('finance:simulator.proposed')}</Box>
          <div data-testid="simulation-proposed">{money(simulation.totals.proposed)}</div>
        </div>
        <div>
          <Box variant="awsui-key-label">{t('finance:simulator.difference')}</Box>
          <div data-testid="simulation-difference">{change(simulation.totals.difference)}</div>
          <Box variant="small" color="text-body-secondary">
            {t('finance:simulator.median', { amount: money(simulation.median_difference) })}
          </Box>
        </div>
      </ColumnLayout>
      <DataTable
        id="tariff-simulation-categories"
        fixedColumns
        variant="embedded"
        header={<Header variant="h3">{t('finance:simulator.by_category')}</Header>}
        items={simulation.by_category}
        trackBy="category"
        columns={[
          {
            id: 'category',
            header: t('finance:simulator.category'),
            cell: (c) => t(`finance:category.${c.category}`),
          },
          { id: 'flights', header: t('finance:simulator.flights'), cell: (c) => c.flights, align: 'end' },
          ...figures,
        ]}
      />
      <DataTable
        id="tariff-simulation-members"
        fixedColumns
        variant="embedded"
        header={<Header variant="h3">{t('finance:simulator.by_member')}</Header>}
        items={simulation.by_member}
        trackBy="user_id"
        columns={[
          { id: 'member', header: t('finance:field.member'), cell: (m) => m.user_name },
          { id: 'flights', header: t('finance:simulator.flights'), cell: (m) => m.flights, align: 'end' },
          ...figures,
        ]}
      />
      <DataTable
        id="tariff-simulation-largest"
        fixedColumns
        variant="embedded"
        header={<Header variant="h3">{t('finance:simulator.largest')}</Header>}
        items={simulation.largest}
        trackBy="flight_id"
        columns={[
          { id: 'date', header: t('finance:field.date'), cell: (f) => formatDate(f.date) },
          { id: 'reg', header: t('finance:simulator.aircraft'), cell: (f) => f.reg_num },
          { id: 'member', header: t('finance:field.member'), cell: (f) => f.user_name },
          ...figures,
        ]}
      />
    </SpaceBetween>
  );
}
