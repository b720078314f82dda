/**
 * The SDK's request and response types (sdk/src/generated/openapi.ts) are generated from the
 * service's own OpenAPI document, so the SDK cannot drift from the API it calls.
 *
 *   npm run sdk:generate    rewrite the file from the current source
 *   npm run sdk:check       exit 1 when the committed file is stale
 *
 * No server, database or Redis is needed: the app is created in Nest's preview mode (the module
 * graph is resolved, no provider is instantiated), which is all the OpenAPI scan reads.
 * test/sdk-openapi.e2e-spec.ts fails when the committed file is stale, and checks that this
 * document is the one the running service serves at /api/docs-json.
 */
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import openapiTS, { astToString } from 'openapi-typescript';
import { AppModule } from '../src/app.module';
import { ServiceExpressAdapter } from '../src/core/common/http/service-express.adapter';
import { buildOpenApiDocument } from '../src/core/openapi/openapi';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';

export const GENERATED_TYPES_FILE = join(__dirname, '..', 'sdk', 'src', 'generated', 'openapi.ts');

/** The server URL written into the document the types come from (types do not depend on it). */
export const SDK_DOCUMENT_BASE_URL = 'http://localhost:4000';

const BANNER = `/**
 * Generated from the service's OpenAPI document by \`npm run sdk:generate\` (scripts/sdk-openapi.ts,
 * openapi-typescript). Do not edit: test/sdk-openapi.e2e-spec.ts fails when this file is stale.
 */
/* eslint-disable */
`;

/** The OpenAPI document of the current source, built without a server. */
export async function previewDocument(): Promise<OpenAPIObject> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, new ServiceExpressAdapter(), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    return buildOpenApiDocument(app, { baseUrl: SDK_DOCUMENT_BASE_URL });
  } finally {
    await app.close();
  }
}

/** TypeScript declarations (`paths`, `components`, `operations`) for a document. */
export async function typesFromDocument(document: OpenAPIObject): Promise<string> {
  // A deep copy: openapi-typescript annotates the object it is given. defaultNonNullable off: a
  // property with a default that is not required (a request field the service fills in) stays
  // optional, as the document says; 7.x would otherwise make it required.
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)), { silent: true, emptyObjectsUnknown: true, defaultNonNullable: false });
  return `${BANNER}\n${astToString(ast)}`;
}

export async function main(argv: string[]): Promise<number> {
  const expected = await typesFromDocument(await previewDocument());
  let current = '';
  try {
    current = readFileSync(GENERATED_TYPES_FILE, 'utf8');
  } catch {
    /* missing: stale */
  }
  if (argv.includes('--check')) {
    if (current === expected) return 0;
    process.stderr.write(`${GENERATED_TYPES_FILE} is stale: run \`npm run sdk:generate\` and commit it\n`);
    return 1;
  }
  if (current !== expected) writeFileSync(GENERATED_TYPES_FILE, expected);
  process.stdout.write(`${current === expected ? 'unchanged' : 'written'}: ${GENERATED_TYPES_FILE}\n`);
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
