import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The newest installed PostgreSQL's binaries (initdb, pg_ctl, pgbench: the server package ships
 * them together), as scripts/infra.sh finds them.
 */
export function pgBin(): string {
  for (const version of readdirSync('/usr/lib/postgresql').sort().reverse()) {
    const dir = join('/usr/lib/postgresql', version, 'bin');
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  throw new Error('PostgreSQL binaries not found (scripts/infra.sh installs them)');
}
