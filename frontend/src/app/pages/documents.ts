import type { PageDef } from '../pages.ts';

/**
 * Documents with expiry (issue 17 §1). The overview is for the organization's responsible people;
 * a holder's documents are any signed-in person's to open — their own, and others' where the API
 * lets them (a member's for user-edit while active, an aircraft's for plane-list).
 */
export const documentPages: readonly PageDef[] = [
  {
    path: 'documents',
    layout: 'main',
    roles: ['admin', 'organization_operator', 'technical_operator'],
    menu: { group: 'administration', label: 'nav:menu.documents', order: 15 },
    titleKey: 'nav:title.documents',
    helpPage: 'documents',
    load: () => import('../../features/documents/documents-overview-page.tsx'),
  },
  {
    path: 'documents/:sourcetype/:id?',
    layout: 'main',
    titleKey: 'nav:title.holder_documents',
    helpPage: 'holder-documents',
    load: () => import('../../features/documents/holder-documents-page.tsx'),
  },
  {
    path: 'profile/documents',
    layout: 'main',
    titleKey: 'nav:title.profile_documents',
    helpPage: 'profile-documents',
    load: () => import('../../features/documents/profile-documents-page.tsx'),
  },
];
