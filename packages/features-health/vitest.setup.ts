import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// jsdom has no layout, so Range lacks the geometry CodeMirror (the Spec tab's editor) measures
// with; empty rectangles let the editor run in tests.
if (typeof Range !== 'undefined' && !Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () =>
    Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
}

// The machine running tests is shared (CI runs three suites at once, jsdom under load): waitFor and
// findBy get 10 s rather than the 1 s default before failing; a passing wait returns at once.
configure({ asyncUtilTimeout: 10000 });

// The page starts loading chunks by itself (the lists as its module evaluates, the modal after the
// first rows paint): a file whose tests end first must let those imports finish before jsdom is
// torn down, or the late import fails the file (1 run in 2 on a loaded machine).
afterAll(() => vi.dynamicImportSettled());

// The files share their worker's jsdom (isolate: false in vitest.config.ts), and Testing Library
// only unmounts between tests by itself when vitest globals are on: they are off here.
afterEach(() => {
  cleanup();
});
