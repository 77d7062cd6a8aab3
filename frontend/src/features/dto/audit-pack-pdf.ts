import type { AuditPackOutput } from '../../../../contracts/schemas/dto.ts';
import { TAKEOFF_TYPES } from '../../../../contracts/schemas/flight-enums.ts';
import { formatDate, formatDateTime, formatMinutes } from '../../lib/format.ts';
import {
  A4_PORTRAIT,
  createPdf,
  MM,
  type PdfFonts,
  type PdfPage,
  type PdfWriter,
} from '../../lib/pdf/pdf-document.ts';
import {
  drawTable,
  headerHeight,
  layoutTable,
  paginate,
  rowHeight,
  type TableColumn,
  wrapRow,
} from '../../lib/pdf/table.ts';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface AuditPackPdfInput {
  pack: AuditPackOutput;
  t: Translate;
  lang: string;
  timeZone: string;
  created: Date;
}

const MARGIN = 14 * MM;
const hours = (minutes: number) => formatMinutes(minutes) || '0:00';

/** A page flow: text and tables from the top down, a new page when the next piece does not fit. */
class Flow {
  page: PdfPage;
  y: number;
  private readonly pdf: PdfWriter;
  private readonly footer: string;
  private pages = 0;
  constructor(pdf: PdfWriter, footer: string) {
    this.pdf = pdf;
    this.footer = footer;
    this.page = this.newPage();
    this.y = this.page.height - MARGIN;
  }
  private newPage() {
    const page = this.pdf.addPage(A4_PORTRAIT);
    this.pages += 1;
    page.text(`${this.footer} · ${this.pages}`, page.width - MARGIN, MARGIN / 2, {
      size: 7,
      align: 'right',
      grey: 0.4,
    });
    return page;
  }
  get width() {
    return this.page.width - 2 * MARGIN;
  }
  ensure(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.newPage();
      this.y = this.page.height - MARGIN;
    }
  }
  text(text: string, size = 9, bold = false) {
    const lines = this.pdf.wrap(text, this.width, { size, bold });
    for (const line of lines) {
      this.ensure(size * 1.35);
      this.page.text(line, MARGIN, this.y - size, { size, bold });
      this.y -= size * 1.35;
    }
  }
  heading(text: string) {
    this.y -= 6;
    this.ensure(40);
    this.text(text, 11, true);
    this.page.line(MARGIN, this.y + 2, MARGIN + this.width, this.y + 2, 0.6);
    this.y -= 3;
  }
  pairs(items: [string, string][]) {
    for (const [label, value] of items) {
      const size = 9;
      const labelWidth = 48 * MM;
      const lines = this.pdf.wrap(value || '—', this.width - labelWidth, { size });
      this.ensure(lines.length * size * 1.35);
      this.page.text(label, MARGIN, this.y - size, { size, bold: true });
      lines.forEach((line, index) => {
        this.page.text(line, MARGIN + labelWidth, this.y - size - index * size * 1.35, { size });
      });
      this.y -= Math.max(1, lines.length) * size * 1.35;
    }
  }
  table(columns: TableColumn[], rows: string[][], empty: string) {
    if (rows.length === 0) {
      this.text(empty, 9);
      return;
    }
    const layout = layoutTable(this.pdf, columns, rows, this.width);
    const wrapped = rows.map((row) => wrapRow(this.pdf, layout, columns, row));
    const heights = wrapped.map((row) => rowHeight(layout, row));
    const head = headerHeight(this.pdf, layout, columns).total;
    let rest = wrapped.map((_, index) => index);
    while (rest.length > 0) {
      this.ensure(head + (heights[rest[0]!] ?? 0) + 4);
      const [first] = paginate(
        rest.map((i) => heights[i] ?? 0),
        this.y - MARGIN - head,
      );
      const take = (first ?? []).map((n) => rest[n]!);
      this.y =
        drawTable(this.pdf, this.page, {
          x: MARGIN,
          top: this.y,
          layout,
          columns,
          rows: take.map((i) => wrapped[i]!),
          footer: [],
        }) - 6;
      rest = rest.slice(take.length);
      if (rest.length > 0) {
        this.page = this.newPage();
        this.y = this.page.height - MARGIN;
      }
    }
  }
}

/**
 * The DTO's audit pack of one student (issue 16 §6), A4 portrait: the organization's declaration,
 * the student and the programme with its minimums against what was flown, every task with its
 * flights and grades, the signed checks and whether they verify, the instructors' FI(S) validity.
 */
export async function auditPackPdf(fonts: PdfFonts, input: AuditPackPdfInput): Promise<Uint8Array> {
  const { pack, t, timeZone } = input;
  const title = t('audit.title', { name: pack.enrolment.student_name });
  const pdf = await createPdf(fonts, {
    title,
    subject: pack.programme.training_name,
    author: pack.organization.organization_name,
    lang: input.lang,
    created: input.created,
  });
  const flow = new Flow(pdf, `${pack.organization.organization_name} · ${pack.enrolment.student_name}`);
  const launch = (id: number) => (id >= 1 && id <= 6 ? t(`launch.${TAKEOFF_TYPES[id - 1]}`) : '—');

  flow.text(title, 15, true);
  flow.text(t('audit.generated', { at: formatDateTime(pack.generated_at, timeZone) }), 8);
  flow.heading(t('audit.organization'));
  flow.pairs([
    [t('dto.field.organization'), pack.organization.organization_name],
    [t('dto.field.dto_reference'), pack.organization.dto_reference ?? '—'],
    [t('dto.field.competent_authority'), pack.organization.competent_authority ?? '—'],
    [t('field.head_of_training_id'), pack.organization.head_of_training_name ?? '—'],
  ]);
  flow.heading(t('audit.student'));
  flow.pairs([
    [t('field.student'), pack.enrolment.student_name],
    [t('field.programme'), pack.programme.training_name],
    [t('field.status'), t(`status.${pack.enrolment.status}`)],
    [t('field.training_start_date'), formatDate(pack.enrolment.training_start_date)],
    [
      t('audit.finished'),
      pack.finish
        ? `${t(`status.${pack.finish.result}`)} · ${formatDateTime(pack.finish.at, timeZone)}`
        : '—',
    ],
    [t('field.instructors'), pack.enrolment.instructor_names.join(', ')],
    [t('field.theoretical_time'), hours(pack.programme.theoretical_time)],
  ]);
  flow.heading(t('audit.minimums'));
  flow.table(
    [
      { id: 'measure', header: t('audit.measure'), flex: true },
      { id: 'required', header: t('audit.required'), align: 'right' },
      { id: 'flown', header: t('audit.flown'), align: 'right' },
    ],
    [
      [t('measure.total_minutes'), hours(pack.programme.min_total_minutes), hours(pack.totals.total_minutes)],
      [t('measure.dual_minutes'), hours(pack.programme.min_dual_minutes), hours(pack.totals.dual_minutes)],
      [t('measure.solo_minutes'), hours(pack.programme.min_solo_minutes), hours(pack.totals.solo_minutes)],
      [t('measure.launches'), String(pack.programme.min_launches), String(pack.totals.launches)],
    ],
    '',
  );
  flow.text(pack.totals.met ? t('audit.minimums_met') : t('audit.minimums_not_met'), 9, true);

  flow.heading(t('audit.tasks'));
  flow.table(
    [
      { id: 'position', header: '#', align: 'right' },
      { id: 'task', header: t('field.task_name'), flex: true },
      { id: 'status', header: t('field.status') },
      { id: 'flights', header: t('view.flights'), align: 'right' },
      { id: 'met', header: t('audit.met') },
    ],
    pack.tasks.map((x) => [
      String(x.task.position),
      x.task.task_name,
      t(`status.${x.status}`),
      String(x.flights.length),
      x.task.briefing_only ? '—' : x.met ? t('yes') : t('no'),
    ]),
    '',
  );

  flow.heading(t('audit.flights', { count: pack.flight_count }));
  const exerciseTitles = new Map(
    pack.tasks.flatMap((x) => x.task.exercises.map((e) => [e.exercise_id, e.title])),
  );
  flow.table(
    [
      { id: 'date', header: t('flight.date'), align: 'center' },
      { id: 'task', header: t('audit.task_no'), align: 'right' },
      { id: 'reg', header: t('flight.plane'), align: 'center' },
      { id: 'launch', header: t('flight.launch'), wrap: true },
      { id: 'role', header: t('flight.role') },
      { id: 'time', header: t('flight.time'), align: 'right' },
      { id: 'instructor', header: t('flight.instructor'), wrap: true },
      { id: 'grades', header: t('flight.grades'), flex: true },
    ],
    pack.tasks.flatMap((x) =>
      x.flights.map((f) => [
        formatDate(f.date),
        String(x.task.position),
        f.reg_num,
        launch(f.takeoff_type_id),
        t(`role.${f.role}`),
        hours(f.flight_minutes),
        f.instructor_name ?? '—',
        `${f.missing ? `${t('flight.missing')} · ` : ''}${f.grades.map((g) => `${exerciseTitles.get(g.exercise_id) ?? g.exercise_id}: ${t(`grade.${g.grade}`)}`).join('; ')}`,
      ]),
    ),
    t('audit.no_flights'),
  );

  flow.heading(t('view.checks'));
  flow.table(
    [
      { id: 'seq', header: '#', align: 'right' },
      { id: 'task', header: t('field.task_name'), flex: true },
      { id: 'result', header: t('view.result') },
      { id: 'signer', header: t('view.signer'), wrap: true },
      { id: 'at', header: t('view.signed_at') },
      { id: 'hash', header: t('view.hash') },
    ],
    pack.checks.map((c) => [
      String(c.seq),
      c.task_name ?? t('view.whole_training'),
      t(`status.${c.result}`),
      c.signer_name,
      formatDateTime(c.signed_at, timeZone),
      c.hash.slice(0, 16),
    ]),
    t('view.no_checks'),
  );
  flow.text(
    pack.verification.ok
      ? t('audit.verified', { count: pack.verification.checks })
      : t('audit.not_verified', { count: pack.verification.problems.length }),
    9,
    true,
  );
  for (const p of pack.verification.problems)
    flow.text(`• ${t(`verification.${p.problem}`, { seq: p.seq ?? '—' })}`, 8);

  flow.heading(t('audit.instructors'));
  flow.table(
    [
      { id: 'name', header: t('dto.instructors.name'), flex: true },
      { id: 'fis', header: t('dto.instructors.fis'), wrap: true },
      { id: 'until', header: t('dto.instructors.valid_until'), align: 'center' },
    ],
    pack.instructors.map((i) => [
      i.name,
      t(`validity.${i.fis.state}`),
      i.fis.valid_until ? formatDate(i.fis.valid_until) : '—',
    ]),
    '—',
  );
  return pdf.save();
}
