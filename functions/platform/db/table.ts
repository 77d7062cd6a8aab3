/**
 * The one table's physical layout (docs/ARCHITECTURE.md "Data"). The CDK data stack and the local stack build the
 * table from this constant and the ElectroDB entities map onto it, so the three cannot drift.
 * GSIs are overloaded; each entity names the question an index answers (`byLogin`, `byMember`),
 * and ACCESS_PATTERNS.md lists screen → query → index.
 */
export const TABLE_LAYOUT = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

export type IndexName = (typeof TABLE_LAYOUT.indexes)[number]['name'];
