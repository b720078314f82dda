// Fails set-up when the running Node is not the project's pinned line, or when an installed
// package declares an engines.node range the running Node does not meet. The pin is written in
// three places that must name one major: .nvmrc, package.json engines and the Dockerfile's base
// image (scripts/node.sh installs the .nvmrc release when the machine's Node is another major).
const fs = require('node:fs');
const path = require('node:path');
const semver = require('semver');

const root = path.join(__dirname, '..');
const pinned = fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
const ownRange = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
const dockerfile = fs.readFileSync(path.join(root, 'docker', 'Dockerfile'), 'utf8');
const image = /^ARG NODE_IMAGE=node:(\d+)[.\w-]*$/m.exec(dockerfile);
const problems = [];
if (!semver.satisfies(pinned, ownRange)) problems.push(`.nvmrc pins ${pinned}, outside package.json engines ${ownRange}`);
if (!image || Number(image[1]) !== semver.major(pinned)) {
  problems.push(`docker/Dockerfile's NODE_IMAGE must be node:${semver.major(pinned)}, the .nvmrc major`);
}
if (semver.major(process.version) !== semver.major(pinned) || !semver.satisfies(process.version, ownRange)) {
  problems.push(`running Node ${process.version}, but the project is pinned to ${pinned} (engines ${ownRange})`);
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}

const offenders = [];
function walk(dir) {
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const pkgDir = path.join(dir, name);
    if (name.startsWith('@')) {
      walk(pkgDir);
      continue;
    }
    const manifest = path.join(pkgDir, 'package.json');
    if (fs.existsSync(manifest)) {
      try {
        const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
        const range = pkg.engines && pkg.engines.node;
        if (
          typeof range === 'string' &&
          semver.validRange(range) &&
          !semver.satisfies(process.version, range, { includePrerelease: true })
        ) {
          offenders.push(`${pkg.name}@${pkg.version} wants node ${range}`);
        }
      } catch {
        /* not a package manifest we can read */
      }
    }
    walk(path.join(pkgDir, 'node_modules'));
  }
}
walk(path.join(root, 'node_modules'));
if (offenders.length > 0) {
  console.error(`Dependencies that do not support Node ${process.version}:\n  ${offenders.join('\n  ')}`);
  process.exit(1);
}
