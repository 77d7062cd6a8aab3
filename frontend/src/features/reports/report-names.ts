import type { ReportOutput } from '../../../../contracts/schemas/reports.ts';
import type { Translate } from '../../lib/i18n-keys.ts';

/** A report's name and description: a built-in one's come from the `reports` namespace. */
export const reportName = (report: ReportOutput, t: Translate) =>
  report.name ?? t(`reports:built_in.${report.report_id}.name`);

export const reportDescription = (report: ReportOutput, t: Translate) =>
  report.built_in ? t(`reports:built_in.${report.report_id}.description`) : (report.description ?? '');
