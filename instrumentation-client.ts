import { z } from "zod";

// Runs in the browser before any page code. Zod compiles object parsers with `new Function`
// unless told not to; under the dashboard's CSP (no 'unsafe-eval') its probe is refused and
// reported as a violation on every page with a form. Parsing without it is fast enough here.
z.config({ jitless: true });
