import { DEFAULT_LANG } from '../../contracts/langs.ts';
import type { DomainOps } from '../platform/http/router.ts';
import { helpFile } from './help-files.ts';
import { helpText } from './help-service.ts';

type HelpOps = Pick<DomainOps<'identity'>, 'getHelp'>;

/** HTTP adaptor of the help texts. Without `?lang=` the product's default language (spec §1). */
export const helpOps: HelpOps = {
  getHelp: ({ params, query }) => helpText(helpFile, params.page, query.lang ?? DEFAULT_LANG),
};
