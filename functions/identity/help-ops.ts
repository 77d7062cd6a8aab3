import { DEFAULT_LANG } from '../../contracts/langs.ts';
import type { DomainOps } from '../platform/http/router.ts';
import { helpFile } from './help-files.ts';
import { helpText } from './help-service.ts';
import { openApiDocument } from './openapi.ts';

type HelpOps = Pick<DomainOps<'identity'>, 'getHelp' | 'getOpenApi'>;

/**
 * HTTP adaptor of what documents the product: the help texts (without `?lang=` the product's default
 * language, spec §1) and the API's own OpenAPI document.
 */
export const helpOps: HelpOps = {
  getHelp: ({ params, query }) => helpText(helpFile, params.page, query.lang ?? DEFAULT_LANG),
  getOpenApi: () => openApiDocument(),
};
