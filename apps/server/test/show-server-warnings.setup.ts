import { beforeEach } from 'vitest';
import { serverWarnings } from './test-app.ts';

// A failed test prints what its server logged at warn or above: a poll that timed out in CI then
// says why (a take that kept failing, a job's error), where the test alone could only say "not in
// time".
beforeEach(({ onTestFailed }) => {
  serverWarnings.length = 0;
  onTestFailed(() => {
    if (serverWarnings.length > 0) console.error(`The server logged, during this test:\n${serverWarnings.join('\n')}`);
  });
});
