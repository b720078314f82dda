import { readFileSync } from 'node:fs';
import { GENERATED_TYPES_FILE, previewDocument, typesFromDocument } from '../scripts/sdk-openapi';
import { firstDifference } from '../src/core/text/first-difference';
import { createTestApp, TestApp } from './support/test-app';

/**
 * The SDK's request and response types come from the service's OpenAPI document
 * (scripts/sdk-openapi.ts). This suite fails when a DTO, route or status changed and the
 * committed types were not regenerated with `npm run sdk:generate`.
 */
describe('SDK types generated from the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sdk/src/generated/openapi.ts is what the current source generates', async () => {
    const generated = await typesFromDocument(await previewDocument());
    const committed = readFileSync(GENERATED_TYPES_FILE, 'utf8');
    if (committed !== generated) {
      throw new Error(
        `sdk/src/generated/openapi.ts is stale: run \`npm run sdk:generate\` and commit it.\nFirst difference at ${firstDifference(committed, generated)}`,
      );
    }
  });

  it('the document built without a server is the one the running service serves', async () => {
    const served = (await t.http().get('/api/docs-json').expect(200)).body;
    expect(await previewDocument()).toEqual(served);
  });

  it('any change to a schema changes the generated types (so the check above can fail)', async () => {
    const document = await previewDocument();
    const before = await typesFromDocument(document);
    const schemas = (document.components?.schemas ?? {}) as Record<string, { properties: Record<string, unknown>; required: string[] }>;
    schemas.TokenResponseDto.properties.refresh_hint = { type: 'string' };
    schemas.TokenResponseDto.required.push('refresh_hint');
    const after = await typesFromDocument(document);
    expect(after).not.toBe(before);
    expect(after).toContain('refresh_hint: string;');
  });
});
