import { Header } from '@nestjs/common';

export const NO_CACHE = 'no-cache, no-store, must-revalidate';

/** Probe and metrics responses must never be cached (API.md, Conventions). */
export const NoCache = () => Header('cache-control', NO_CACHE);
