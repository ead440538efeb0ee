import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout, so Range lacks the geometry CodeMirror (the rule editor's filter and
// template) measures with; empty rectangles let the editor run in tests.
if (typeof Range !== 'undefined' && !Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () =>
    Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
}

// The machine running tests is shared; waitFor/findBy get more than the 1 s default before failing.
configure({ asyncUtilTimeout: 5000 });

// The files share their worker's jsdom (isolate: false in vitest.config.ts), and Testing Library
// only unmounts between tests by itself when vitest globals are on: they are off here.
afterEach(() => {
  cleanup();
});
