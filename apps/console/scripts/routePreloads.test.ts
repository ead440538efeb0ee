import { readFileSync } from 'node:fs';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { routesOf } from './routePreloads.ts';

const featureSource = (name: string) =>
  parseAst(
    readFileSync(new URL(`../../../packages/${name}/src/feature.ts`, import.meta.url), 'utf8'),
    {
      lang: 'ts',
    },
  );

describe('the route table the build writes for the server', () => {
  it("reads each page's path and lazily imported module from the real feature definitions", () => {
    const catalog = routesOf(featureSource('features-catalog'));
    expect(catalog).toContainEqual({ path: 'catalog', specifier: './pages/listPage.tsx' });
    expect(catalog).toContainEqual({ path: 'catalog/:id', specifier: './pages/configPage.tsx' });
    // A sub-page's relative path is joined under its parent's.
    expect(catalog.filter(({ path }) => path.startsWith('catalog/:id/')).length).toBeGreaterThan(0);
    expect(routesOf(featureSource('features-health'))).toContainEqual({
      path: 'health',
      specifier: './pages.tsx',
    });
    expect(routesOf(featureSource('features-topology'))).toContainEqual({
      path: 'topology',
      specifier: './pages/indexPage.tsx',
    });
    expect(routesOf(featureSource('features-incidents')).map(({ path }) => path)).toContain(
      'incidents',
    );
  });

  it('takes only objects with a literal path and a load importing a module', () => {
    const ast = parseAst(`
      export const f = {
        sidebar: { path: '/x', label: 'X' },
        routes: [
          { path: 'x', load: () => import('./x.tsx'), children: [{ path: ':id', load: async () => { return import('./y.tsx'); } }] },
          { path: 'z', element: null },
          { path: dynamicPath, load: () => import('./w.tsx') },
        ],
      };
    `);
    expect(routesOf(ast)).toEqual([
      { path: 'x', specifier: './x.tsx' },
      { path: 'x/:id', specifier: './y.tsx' },
    ]);
  });
});
