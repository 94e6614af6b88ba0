import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from '../stack/stack';
import { contentSecurityPolicy, renderTemplate } from './nginx';

const deployDir = join(findRepoRoot(), 'deploy');
const template = readFileSync(join(deployDir, 'nginx', 'terres.conf.template'), 'utf8');
const placeholders = [...new Set([...template.matchAll(/\$\{([A-Z][A-Z0-9_]*)\}/g)].map((match) => match[1]))].sort();

describe('the nginx template', () => {
  it("is filled with exactly the placeholders deploy/README.md's envsubst line lists (nginx's own $variables stay)", () => {
    const readme = readFileSync(join(deployDir, 'README.md'), 'utf8');
    const line = /envsubst '([^']+)'/.exec(readme)?.[1] ?? '';
    const listed = [...line.matchAll(/\$\{([A-Z][A-Z0-9_]*)\}/g)].map((match) => match[1]).sort();
    expect(listed).toEqual(placeholders);
    const values = Object.fromEntries(placeholders.map((name) => [name!, `<${name}>`]));
    const rendered = renderTemplate(template, values);
    expect(rendered).toContain('server_name <PORTAL_HOST>;');
    expect(rendered).toContain('set $terres_csp "<CONSOLE_CSP>";');
    expect(rendered).toContain('return 301 https://$host$request_uri;');
  });

  it('refuses to render with a placeholder left, naming it', () => {
    expect(() => renderTemplate('listen ${HTTPS_LISTEN}; root ${PORTAL_ROOT};', { HTTPS_LISTEN: '443' })).toThrow('no value for PORTAL_ROOT');
  });
});

describe('contentSecurityPolicy', () => {
  it('allows the site, the map services where each is used, no inline code, no framing', () => {
    const csp = contentSecurityPolicy({ api: '', tiles: ['https://tiles.example'], data: ['https://cadastre.example', 'https://tiles.example'] });
    const directives = Object.fromEntries(csp.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1).join(' ')]));
    expect(directives['script-src']).toBe("'self'");
    expect(directives['style-src']).toBe("'self'");
    expect(directives['img-src']).toBe("'self' data: blob: https://tiles.example");
    expect(directives['connect-src']).toBe("'self' https://tiles.example https://cadastre.example");
    expect(directives['worker-src']).toBe("'self' blob:");
    expect(directives['frame-ancestors']).toBe("'none'");
  });

  it("is the one deploy/README.md gives operators for the public map services", () => {
    const readme = readFileSync(join(deployDir, 'README.md'), 'utf8');
    const public_ = contentSecurityPolicy({
      api: '',
      tiles: ['https://tile.openstreetmap.org'],
      data: ['https://openmaptiles.geo.data.gouv.fr', 'https://api-adresse.data.gouv.fr'],
    });
    expect(/export PORTAL_CSP="([^"]+)"/.exec(readme)?.[1]).toBe(public_);
  });
});
