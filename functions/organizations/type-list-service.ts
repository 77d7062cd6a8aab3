import type { Lang } from '../../contracts/langs.ts';
import {
  isTypeListId,
  type TypeListId,
  type TypeListOutput,
  type UpdateTypeListInput,
} from '../../contracts/schemas/type-lists.ts';
import type { Actor } from '../platform/auth/actor.ts';
import { notFound } from '../platform/http/errors.ts';
import type { OrganizationsDeps } from './deps.ts';
import { GLOBAL_LOG } from './subscription-service.ts';
import type { TypeListEntry } from './type-list-store.ts';

/** The global lookup lists (spec §2 type-lists, type-list/{id}): a supervisor edits them; datasources read them. */

const TYPE_LIST_ORDER: readonly TypeListId[] = [
  'planeTypes',
  'documentTypes',
  'certificateTypes',
  'airportCountries',
  'workTypes',
];

export async function listTypeLists(deps: OrganizationsDeps) {
  const stored = new Map((await deps.typeLists.typeLists()).map((list) => [list.list_id, list]));
  return {
    items: TYPE_LIST_ORDER.map((listId) => {
      const list = stored.get(listId);
      return {
        list_id: listId,
        item_count: list?.items.length ?? 0,
        active_count: list?.items.filter((item) => item.active).length ?? 0,
        updated_at: list?.updated_at ?? null,
      };
    }),
  };
}

const knownList = (listId: string): TypeListId => {
  if (!isTypeListId(listId)) throw notFound();
  return listId;
};

/** Names without the empty ones (a language left blank falls back to English in the browser). */
const cleanNames = (names: Partial<Record<Lang, string | null | undefined>>) =>
  Object.fromEntries(
    Object.entries(names).filter(([, name]) => typeof name === 'string' && name !== ''),
  ) as Partial<Record<Lang, string>>;

export async function getTypeList(deps: OrganizationsDeps, listId: string): Promise<TypeListOutput> {
  const id = knownList(listId);
  const list = await deps.typeLists.typeList(id);
  return {
    list_id: id,
    items: [...(list?.items ?? [])]
      .sort((a, b) => a.sort_order - b.sort_order || a.code.localeCompare(b.code))
      .map((item) => ({
        code: item.code,
        names: cleanNames(item.names),
        active: item.active,
        sort_order: item.sort_order,
      })),
    version: list?.version ?? 0,
  };
}

export async function updateTypeList(
  deps: OrganizationsDeps,
  actor: Actor,
  listId: string,
  input: UpdateTypeListInput,
): Promise<TypeListOutput> {
  const id = knownList(listId);
  const items = input.items.map((item) => ({
    code: item.code,
    names: cleanNames(item.names),
    active: item.active,
    sort_order: item.sort_order,
  }));
  await deps.typeLists.saveTypeList(actor, id, items, input.version, {
    action: 'type_list.update',
    target_type: 'type_list',
    target_id: id,
    organization_id: GLOBAL_LOG,
    details: { items: items.length },
  });
  return getTypeList(deps, id);
}

/**
 * The entries of one list (`planeTypes`, `documentTypes`, `certificateTypes`, `airportCountries`,
 * `workTypes`) in their sort order; an unknown list is empty. The datasources read lists through this.
 */
export async function typeListItems(
  deps: Pick<OrganizationsDeps, 'typeLists'>,
  listId: string,
): Promise<Omit<TypeListEntry, 'sort_order'>[]> {
  const list = await deps.typeLists.typeList(listId);
  if (!list) return [];
  return [...list.items]
    .sort((a, b) => a.sort_order - b.sort_order || a.code.localeCompare(b.code))
    .map(({ code, names, active }) => ({ code, names: { ...names }, active }));
}
