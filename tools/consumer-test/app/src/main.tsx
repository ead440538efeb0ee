// The scratch app's entry: the health page as apps/health-embed composes it, or with `#/topology`
// the topology dashboard, both from the packages' README examples (src/readme/, written by the
// test). Every subpath of every package and every README module is a lazy chunk the test loads.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter } from 'react-router';
import { HealthApp } from './readme/health-app.tsx';
import { TopologyApp, topologyPages } from './readme/topology-app.tsx';
import { subpaths } from './subpaths.ts';

const readmeModules = import.meta.glob('./readme/*.{ts,tsx}');
// Type-checked apart, with skipLibCheck (tsconfig.lenient.json); a glob keeps tsc from following it.
const lenient = import.meta.glob<{ subpaths: typeof subpaths }>('./lenient/subpaths.ts');

declare global {
  interface Window {
    /** Loads every subpath and README module; resolves to the names of those that loaded. */
    loadEveryModule: () => Promise<string[]>;
  }
}

window.loadEveryModule = async () => {
  const lenientSubpaths = await Promise.all(
    Object.values(lenient).map(async (load) => (await load()).subpaths),
  );
  const loaders = Object.assign({}, subpaths, ...lenientSubpaths, readmeModules);
  return Promise.all(
    Object.entries<() => Promise<unknown>>(loaders).map(async ([name, load]) => {
      await load();
      return name;
    }),
  );
};

const root = createRoot(document.getElementById('root')!);
root.render(
  <StrictMode>
    {window.location.hash.startsWith('#/') ? (
      <TopologyApp router={createHashRouter(topologyPages)} />
    ) : (
      <HealthApp baseUrl="/api" />
    )}
  </StrictMode>,
);
