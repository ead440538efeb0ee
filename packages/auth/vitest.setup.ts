import { configure } from '@testing-library/react';

// The machine running tests is shared with every other package's run; waitFor/findBy get more than
// the 1 s default before they fail.
configure({ asyncUtilTimeout: 5000 });
