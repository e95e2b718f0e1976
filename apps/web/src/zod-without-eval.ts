import { config } from 'zod/v4/core';

// Zod compiles object parsers with `new Function` unless told not to, and probes for it when the
// first schema is built. The Content-Security-Policy forbids eval (decision 027), so it is turned
// off before any schema exists: this module is the first import of the app and of the service
// worker. Set on zod's core, which the full and the mini API share.
config({ jitless: true });
