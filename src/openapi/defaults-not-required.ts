interface Parameter {
  required?: boolean;
  in?: string;
  schema?: { default?: unknown };
}

type Document = { paths?: Record<string, Record<string, { parameters?: Parameter[] }>> };

/**
 * A parameter with a default need not be sent. The route schemas list such parameters as required
 * (so the validated query always has them), which @fastify/swagger copies into the document.
 */
export function defaultsNotRequired<T extends object>(doc: T): T {
  for (const operations of Object.values((doc as Document).paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'path' && parameter.schema?.default !== undefined) parameter.required = false;
      }
    }
  }
  return doc;
}
