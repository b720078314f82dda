import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Local runs read `.env` (or the file `ENV_FILE` names; `ENV_FILE=` with nothing turns it off)
 * with Node's own `process.loadEnvFile`: variables already in the environment win, so a
 * deployment's real environment is never overridden by a stray file. Returns the file read, or
 * undefined when there was none.
 */
export function loadEnvFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const name = env.ENV_FILE ?? '.env';
  if (name === '') return undefined;
  const path = resolve(name);
  if (!existsSync(path)) {
    if (env.ENV_FILE !== undefined) throw new Error(`ENV_FILE names ${path}, which does not exist`);
    return undefined;
  }
  process.loadEnvFile(path);
  return path;
}

/** Where a bad or missing variable came from, for the start-up error. */
export function configSources(envFile: string | undefined): string {
  return envFile
    ? `Variables come from the process environment and, for those it does not set, from ${envFile} (.env.example lists every one).`
    : 'Variables come from the process environment (a .env file in the working directory is read too when present; .env.example lists every one).';
}
