import type { PageDef } from '../pages.ts';

/**
 * Reports (spec §2 reports, report/{id}, report/export/{id}; issue 17 §4): the list, a saved
 * report's definition (report-edit), and a report run over a period with its export (report-list).
 */
export const reportPages: readonly PageDef[] = [
  {
    path: 'reports',
    layout: 'main',
    permission: 'report-list',
    menu: { group: 'administration', label: 'nav:menu.reports', order: 80 },
    titleKey: 'nav:title.reports',
    helpPage: 'reports',
    load: () => import('../../features/reports/reports-page.tsx'),
  },
  {
    path: 'reports/import',
    layout: 'main',
    permission: 'report-edit',
    titleKey: 'nav:title.report_import',
    helpPage: 'report-import',
    load: () => import('../../features/reports/import-page.tsx'),
  },
  {
    path: 'report/export/:id',
    layout: 'main',
    permission: 'report-list',
    titleKey: 'nav:title.report_export',
    helpPage: 'report-export',
    load: () => import('../../features/reports/report-view-page.tsx'),
  },
  {
    path: 'report/:id',
    layout: 'main',
    permission: 'report-edit',
    titleKey: 'nav:title.report',
    helpPage: 'report',
    load: () => import('../../features/reports/report-edit-page.tsx'),
  },
];
