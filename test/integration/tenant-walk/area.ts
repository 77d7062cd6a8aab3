import type { OperationName } from '../../../contracts/routes.ts';
import type { Platform } from '../../helpers/platform.ts';

/**
 * One area's part of the tenant walk (tenant-isolation.test.ts): organization A's ids per
 * operation and path parameter, a valid body per write operation, answers other than 403/404 that
 * are right, and operations that must refuse when the body names A's items.
 */
export interface WalkArea {
  ids: Partial<Record<OperationName, () => Record<string, string>>>;
  bodies: Partial<Record<OperationName, unknown>>;
  expected?: Partial<Record<OperationName, number[]>>;
  refusesAInBody?: OperationName[];
  /** Creates organization A's items the walk needs (as A's people), before the walk. */
  setup?: (platform: Platform) => Promise<void>;
}
