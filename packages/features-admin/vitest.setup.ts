import { configure } from '@testing-library/react';

// The machine running tests is shared; waitFor/findBy get more than the 1 s default before failing.
configure({ asyncUtilTimeout: 10000 });
