// Testing Library only unmounts between tests by itself when vitest globals are on; they are off here.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// jsdom has no layout, so Range lacks the geometry CodeMirror measures with (cursor, selection,
// diagnostics); empty rectangles let the editor run in tests.
if (typeof Range !== 'undefined' && !Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
}
