import { Service } from 'electrodb';
import { action, membership, organization, person, pilotInfo, role } from '../../organizations/entities.ts';
import { dynamo, tableName } from './client.ts';

/** Every entity of every domain, in one ElectroDB service over the one table (DESIGN §4). */
const entities = { organization, person, membership, role, pilotInfo, action };

const build = () => new Service(entities, { client: dynamo(), table: tableName() });
let service: ReturnType<typeof build> | undefined;

export const db = () => {
  service ??= build();
  return service;
};

export const resetDbForTests = () => {
  service = undefined;
};
