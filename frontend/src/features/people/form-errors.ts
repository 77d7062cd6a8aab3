/** A form's field errors: field path → message keys of the `messages` namespace (422 or the schema). */
export type Errors = Record<string, string[]>;

/** Without the field (after the user changed it) and every path below it. */
export const withoutField = (errors: Errors, field: string): Errors =>
  Object.fromEntries(
    Object.entries(errors).filter(([name]) => name !== field && !name.startsWith(`${field}.`)),
  );

/** '' → null: how an emptied optional input reaches the API. */
export const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** Puts the cursor into the first field with an error (fields carry `data-testid="<prefix>-<path>"`). */
export const focusFirstError = (prefix: string, order: readonly string[], errors: Errors) => {
  const first = order.find((field) =>
    Object.keys(errors).some((key) => key === field || key.startsWith(`${field}.`)),
  );
  if (!first) return;
  requestAnimationFrame(() => {
    document
      .querySelector<HTMLElement>(
        `[data-testid="${prefix}-${first}"] input, [data-testid="${prefix}-${first}"] button, [data-testid="${prefix}-${first}"] textarea`,
      )
      ?.focus();
  });
};
