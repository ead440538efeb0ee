import { afterEach } from 'vitest';

// Files that run in the node environment (`// @vitest-environment node`: pure functions, no DOM)
// skip what follows, which only a DOM needs, and so do not load react-dom for nothing.
if (typeof document !== 'undefined') {
  // Testing Library only unmounts between tests by itself when vitest globals are on; they are off here.
  const { cleanup, configure } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
  });

  // The machine running tests is shared with every other package's run; waitFor/findBy get more than
  // the 1 s default before they fail (CodeMirror's cold import took over 5 s at a load of 10).
  configure({ asyncUtilTimeout: 15_000 });

  // jsdom has no layout, so Range lacks the geometry CodeMirror measures with (cursor, selection,
  // diagnostics); empty rectangles let the editor run in tests.
  if (typeof Range !== 'undefined' && !Range.prototype.getClientRects) {
    Range.prototype.getClientRects = () =>
      Object.assign([], { item: () => null }) as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect = () => new DOMRect();
  }
}
