import { hrefOf } from '../../lib/navigation.ts';

const PAGE = 'plane-fault/:edit_type/:id?';
export const faultHref = (edit_type: 'new' | 'view' | 'edit', id?: string) =>
  hrefOf(PAGE, id ? { edit_type, id } : { edit_type });
