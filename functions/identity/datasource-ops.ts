import type { DomainOps } from '../platform/http/router.ts';
import { datasource } from './datasource-service.ts';
import { datasourceStore as store } from './datasource-store.ts';
import { globalSearch } from './search-service.ts';

type DatasourceOps = Pick<DomainOps<'identity'>, 'getDatasource' | 'globalSearch'>;

/** HTTP adaptor of the datasources and the global search (spec §7). */
export const datasourceOps: DatasourceOps = {
  getDatasource: async ({ actor, params }) => ({ items: await datasource(store, actor, params.source_type) }),

  globalSearch: ({ actor, body }) => globalSearch(store, actor, body.text),
};
