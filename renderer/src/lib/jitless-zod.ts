// zod compiles object parsers with Function when it may; the window's CSP refuses that and reports
// each attempt as a violation. Imported before anything that parses, so zod walks its schemas instead.
import { z } from 'zod';

z.config({ jitless: true });
