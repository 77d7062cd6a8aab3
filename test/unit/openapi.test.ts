import { describe, expect, it } from 'vitest';
import { pathParams, routeEntries } from '../../contracts/routes.ts';
import { openApiDocument } from '../../functions/identity/openapi.ts';

/**
 * Issue 17 §7: the OpenAPI document is the route table — every row is in it once with its method,
 * path parameters, guard and schemas, and every example in it is accepted by the row's own schema.
 */
const doc = openApiDocument();
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
);

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with one operation per route row and nothing else', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(operations.map((o) => o.operation.operationId).sort()).toEqual(
      routeEntries.map(([name]) => name).sort(),
    );
  });

  it.each(routeEntries.map(([name, route]) => [name, route] as const))(
    'documents %s as the row says',
    (name, route) => {
      const operation = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation?.operationId).toBe(name);
      const parameters = operation!.parameters as { name: string; in: string; example?: unknown }[];
      expect(parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(pathParams(route.path));
      for (const p of parameters.filter((p) => p.in === 'path')) {
        const schema = route.params?.[p.name];
        expect(schema, `${name} ${p.name}`).toBeDefined();
        expect(
          schema!.safeParse(p.example).success,
          `${name} ${p.name} example ${JSON.stringify(p.example)}`,
        ).toBe(true);
      }
      expect(operation!.security).toEqual(route.guard.auth === 'public' ? [] : [{ cognito: [] }]);
      const guard = operation!['x-windsock-guard'] as Record<string, unknown>;
      if (route.guard.auth === 'user') {
        expect(guard.roles).toEqual(route.guard.roles ? [...route.guard.roles] : undefined);
        expect(guard.permission).toEqual(route.guard.permission);
        expect(guard.module).toEqual(route.guard.module);
      }
      const body = operation!.requestBody as
        | { content: { 'application/json': { example: unknown } } }
        | undefined;
      expect(Boolean(body)).toBe(Boolean(route.body));
      if (route.body) {
        const example = body!.content['application/json'].example;
        expect(example, `${name}: no example its schema accepts`).toBeDefined();
        expect(route.body.safeParse(example).success).toBe(true);
      }
      if (route.query) {
        const queryNames = parameters.filter((p) => p.in === 'query').map((p) => p.name);
        const shape = (route.query as unknown as { _zod: { def: { shape?: Record<string, unknown> } } })._zod
          .def.shape;
        expect(queryNames.sort()).toEqual(Object.keys(shape ?? {}).sort());
      }
    },
  );
});
