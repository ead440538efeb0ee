// Testing Library only unmounts between tests by itself when vitest globals are on; they are off here.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
