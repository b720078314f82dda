import { lintApiDocuments } from '../scripts/api-lint';

/**
 * The API lint in the test command: Spectral over the OpenAPI and AsyncAPI documents of the
 * current source, with .spectral.yaml (spectral:oas, spectral:asyncapi, a summary on every
 * operation, no bearer scheme labelled JWT). Any finding, warnings included, fails the suite;
 * `npm run lint:api` prints the same findings.
 */
describe('API lint (Spectral)', () => {
  it('finds nothing in the OpenAPI and AsyncAPI documents', async () => {
    const { status, output } = await lintApiDocuments();
    if (status !== 0) throw new Error(`npm run lint:api reports:\n${output}`);
    expect(output).toMatch(/No results with a severity of 'hint' or higher found!/);
  }, 180_000);
});
