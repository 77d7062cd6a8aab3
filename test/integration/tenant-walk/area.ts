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
  /** A valid query string per operation whose query has required fields (a DELETE's `version`). */
  queries?: Partial<Record<OperationName, Record<string, string>>>;
  expected?: Partial<Record<OperationName, number[]>>;
  refusesAInBody?: OperationName[];
  /**
   * Markers of organization A an operation may show because A shares them with B on purpose (an
   * active IPP share, issue 16 §7); every other marker must stay out of its answer.
   */
  mayShow?: Partial<Record<OperationName, string[]>>;
  /** Creates organization A's items the walk needs (as A's people), before the walk. */
  setup?: (platform: Platform) => Promise<void>;
}
