import { type ApiLintResults, lintApiDocuments } from '../scripts/api-lint';

/**
 * The API lint in the test command, over the documents of the current source: Spectral over the
 * OpenAPI and AsyncAPI documents with .spectral.yaml (spectral:oas, spectral:asyncapi, a summary
 * on every operation, no bearer scheme labelled JWT), and Redocly over the OpenAPI document with
 * redocly.yaml (the recommended ruleset). Any finding of either, warnings included, fails the
 * suite; `npm run lint:api` prints the same findings.
 */
describe('API lint', () => {
  let results: ApiLintResults;
  beforeAll(async () => {
    results = await lintApiDocuments();
  }, 180_000);

  it('Spectral finds nothing in the OpenAPI and AsyncAPI documents', () => {
    const { status, output } = results.spectral;
    if (status !== 0) throw new Error(`npm run lint:api (Spectral) reports:\n${output}`);
    expect(output).toMatch(/No results with a severity of 'hint' or higher found!/);
  });

  it("Redocly's recommended ruleset finds no error and no warning in the OpenAPI document", () => {
    const { status, output } = results.redocly;
    if (status !== 0) throw new Error(`npm run lint:api (Redocly) reports:\n${output}`);
    expect(output).toBe('0 errors, 0 warnings');
  });
});
