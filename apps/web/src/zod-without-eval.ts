import { z } from 'zod';

// Zod compiles object parsers with `new Function` unless told not to, and probes for it when the
// first schema is built. The Content-Security-Policy forbids eval (decision 027), so it is turned
// off before any schema exists: this module is the entry's first import.
z.config({ jitless: true });
