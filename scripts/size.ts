// The home page's first-load JavaScript against its budget: `npm run size` builds dist/ first.
import { buildFrontEnd, reportFirstLoadJs } from './bench/bundle-size.ts';

await buildFrontEnd();
await reportFirstLoadJs({ perFile: true });
