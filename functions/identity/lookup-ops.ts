import { DEFAULT_LANG } from '../../contracts/langs.ts';
import type { lookupRoutes } from '../../contracts/routes/lookups.ts';
import type { OpsFor } from '../platform/http/router.ts';
import { datasource } from './datasource-service.ts';
import { datasourceStore as store } from './datasource-store.ts';
import { helpFile } from './help-files.ts';
import { helpText } from './help-service.ts';
import { openApiDocument } from './openapi.ts';
import { globalSearch } from './search-service.ts';

/** HTTP adaptor of the datasources, the global search, the help texts (spec §7) and the API's own OpenAPI document. */
export const lookupOps: OpsFor<typeof lookupRoutes> = {
  getDatasource: async ({ actor, params }) => ({ items: await datasource(store, actor, params.source_type) }),
  globalSearch: ({ actor, body }) => globalSearch(store, actor, body.text),
  /** Without `?lang=` the product's default language (spec §1). */
  getHelp: ({ params, query }) => helpText(helpFile, params.page, query.lang ?? DEFAULT_LANG),
  getOpenApi: () => openApiDocument(),
};
