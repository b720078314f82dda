// Fails when an installed package declares an engines.node range the running Node does not meet:
// recent releases of some dependencies want Node 22, and this project runs on Node 20.
const fs = require('node:fs');
const path = require('node:path');
const semver = require('semver');

const offenders = [];
function walk(dir) {
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const pkgDir = path.join(dir, name);
    if (name.startsWith('@')) { walk(pkgDir); continue; }
    const manifest = path.join(pkgDir, 'package.json');
    if (fs.existsSync(manifest)) {
      try {
        const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
        const range = pkg.engines && pkg.engines.node;
        if (typeof range === 'string' && semver.validRange(range) && !semver.satisfies(process.version, range, { includePrerelease: true })) {
          offenders.push(`${pkg.name}@${pkg.version} wants node ${range}`);
        }
      } catch { /* not a package manifest we can read */ }
    }
    walk(path.join(pkgDir, 'node_modules'));
  }
}
walk(path.join(__dirname, '..', 'node_modules'));
if (offenders.length > 0) {
  console.error(`Dependencies that do not support Node ${process.version}:\n  ${offenders.join('\n  ')}`);
  process.exit(1);
}
