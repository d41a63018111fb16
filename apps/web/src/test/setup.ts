import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait for a state; their default deadline of 1 s is a time limit in disguise: on a busy 2-core
// machine (CI's servers and browsers beside it) a chart or a lazy panel took longer, and three component tests failed
// there while passing alone. A state that never comes still fails, after 5 s.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
