/** SARIF logs checked against the SARIF 2.1.0 schema (the one @microsoft/jest-sarif ships), with ajv. */
/* eslint-disable @typescript-eslint/no-require-imports */

/** The schema's complaints about `log` (at most five), or undefined when it is a valid SARIF 2.1.0 log. */
export function sarifSchemaErrors(log: unknown): string | undefined {
  const Ajv = require('ajv');
  const ajv = new Ajv({ schemaId: 'id', allErrors: true });
  ajv.addMetaSchema(require('ajv/lib/refs/json-schema-draft-04.json'));
  const schema = require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
  return ajv.validate(schema, log) ? undefined : JSON.stringify(ajv.errors?.slice(0, 5), null, 1);
}
