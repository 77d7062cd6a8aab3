import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CategoriesOutput,
  categoriesInput,
  type QuestionListOutput,
} from '../../../../contracts/schemas/quiz.ts';
import { PageLink, usePageNavigate } from '../../app/links.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { RowsEditor } from '../../components/forms/rows-editor.tsx';
import { useDialogKeys } from '../../components/use-dialog-keys.ts';
import { call } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { useEdit } from '../training/use-edit.ts';
import { categoryOptions, questionHref, useCategories, useCategoryName } from './quiz-ui.tsx';

type Question = QuestionListOutput['items'][number];

/**
 * questions (quiz-list): the question bank by category, each question in the reader's language;
 * the correct answer shows only to those who edit the bank (quiz-edit), who also manage the club's
 * own categories besides the SPL's nine subjects.
 */
export default function QuestionsPage() {
  const { t } = useTranslation(['quiz', 'nav', 'common', 'training']);
  const navigate = usePageNavigate();
  const { categories, setCategories } = useCategories();
  const name = useCategoryName(categories);
  const [category, setCategory] = useState('');
  const [managing, setManaging] = useState(false);
  const fetchPage = useCallback(
    (cursor: string | undefined) =>
      call('listQuestions', { query: { cursor, limit: 25, category: category || undefined } }),
    [category],
  );
  const questions = useCursorPages<Question>(fetchPage, category);
  const editor = categories?.can_edit ?? false;
  const options = [{ value: '', label: t('all_categories') }, ...categoryOptions(categories, name)];

  return (
    <>
      <DataTable<Question>
        id="questions"
        variant="full-page"
        header={
          <Header
            variant="awsui-h1-sticky"
            description={t('questions.description')}
            actions={
              editor && (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button onClick={() => setManaging(true)} data-testid="questions-categories">
                    {t('questions.categories')}
                  </Button>
                  <Button
                    variant="primary"
                    iconName="add-plus"
                    onClick={() => navigate(questionHref('new'))}
                    data-testid="questions-new"
                  >
                    {t('questions.new')}
                  </Button>
                </SpaceBetween>
              )
            }
          >
            {t('nav:title.questions')}
          </Header>
        }
        filter={
          <FormField label={t('field.category')}>
            <Select
              selectedOption={options.find((o) => o.value === category) ?? options[0] ?? null}
              options={options}
              onChange={({ detail }) => setCategory(detail.selectedOption.value ?? '')}
              data-testid="questions-category"
            />
          </FormField>
        }
        pagination={
          <Pagination
            currentPageIndex={questions.pageNumber}
            pagesCount={questions.pagesCount}
            openEnd={questions.hasMore}
            onChange={({ detail }) => questions.goTo(detail.currentPageIndex)}
          />
        }
        items={questions.items}
        loading={questions.loading}
        loadingText={t('common:nav.loading')}
        trackBy="question_id"
        empty={<Box color="text-status-inactive">{t('questions.empty')}</Box>}
        testId="questions-table"
        columns={[
          {
            id: 'question',
            header: t('field.question'),
            cell: (q) =>
              q.can_edit ? (
                <PageLink href={questionHref('edit', q.question_id)}>{q.question}</PageLink>
              ) : (
                q.question
              ),
          },
          {
            id: 'options',
            header: t('field.options'),
            cell: (q) =>
              q.options
                .map((o) => `${o.letter}) ${o.text}${q.correct_answer === o.letter ? ' ✓' : ''}`)
                .join('   '),
          },
          { id: 'category', header: t('field.category'), cell: (q) => name(q.category) },
          { id: 'difficulty', header: t('field.difficulty'), cell: (q) => t(`difficulty.${q.difficulty}`) },
          {
            id: 'languages',
            header: t('field.languages'),
            cell: (q) => q.languages.join(', ').toUpperCase(),
          },
          { id: 'source', header: t('field.source'), cell: (q) => t(`source.${q.source}`) },
        ]}
      />
      {managing && categories && (
        <CategoriesModal
          categories={categories}
          onClose={() => setManaging(false)}
          onSaved={(saved) => {
            setCategories(saved);
            setManaging(false);
            flash('success', 'training_saved');
          }}
        />
      )}
    </>
  );
}

function CategoriesModal({
  categories,
  onClose,
  onSaved,
}: {
  categories: CategoriesOutput;
  onClose: () => void;
  onSaved: (saved: CategoriesOutput) => void;
}) {
  const { t } = useTranslation(['quiz', 'common', 'training']);
  const edit = useEdit({
    own: categories.own.map((c) => ({ category_id: c.category_id, name: c.name, questions: c.questions })),
  });
  const submit = async () => {
    let saved: CategoriesOutput | undefined;
    const ok = await edit.save(
      categoriesInput,
      {
        own: edit.values.own.map((c) =>
          c.category_id ? { category_id: c.category_id, name: c.name } : { name: c.name },
        ),
        version: categories.version,
      },
      async (body) => {
        saved = await call('saveQuestionCategories', { body });
      },
    );
    if (ok && saved) onSaved(saved);
  };
  useDialogKeys({ onCancel: onClose, onSave: () => void submit() }, true);
  return (
    <Modal
      visible
      onDismiss={onClose}
      header={t('questions.categories')}
      data-testid="categories-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              {t('common:action.cancel')}
            </Button>
            <Button variant="primary" loading={edit.saving} onClick={() => void submit()}>
              {t('common:action.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box color="text-body-secondary">{t('questions.categories_hint')}</Box>
        <RowsEditor
          rows={edit.values.own}
          onChange={(rows) => edit.set('own', rows)}
          newRow={() => ({ category_id: '', name: '', questions: 0 })}
          name="own"
          errorText={edit.errorText}
          addText={t('questions.add_category')}
          removeText={t('training:action.remove')}
          isRemovable={(item) => item.questions === 0}
          columns={[
            {
              label: t('field.category'),
              field: 'name',
              control: (item, change) => (
                <Input value={item.name} onChange={({ detail }) => change({ name: detail.value })} />
              ),
            },
            { label: t('questions.count'), control: (item) => item.questions },
          ]}
        />
      </SpaceBetween>
    </Modal>
  );
}
