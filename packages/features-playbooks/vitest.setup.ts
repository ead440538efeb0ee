import { configure } from '@testing-library/react';

// jsdom has no layout, so Range lacks the geometry CodeMirror (the spec editor, code parameters) measures
// with; empty rectangles let the editor run in tests.
if (typeof Range !== 'undefined' && !Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () =>
    Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
}

// The machine running tests is shared; waitFor/findBy get more than the 1 s default before failing.
configure({ asyncUtilTimeout: 5000 });
