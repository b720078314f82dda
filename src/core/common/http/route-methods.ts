import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { prefilterRoutes } from './route-prefilter';

interface RouteLayer {
  route?: { methods: Record<string, boolean>; _methods(includeAll?: boolean): string[] };
  rawPath?: unknown;
  match(path: string): unknown;
}

/**
 * Which methods the app's routes answer on a path, read from the Express router the routes were
 * mounted on (attached once at bootstrap). A request on a known path with a method no route takes
 * is then 405 with `Allow`, not a 404 (RFC 9110 15.5.6). Once every route is mounted, their
 * layers get the literal-prefix check of route-prefilter.ts.
 */
@Injectable()
export class RouteMethods implements OnApplicationBootstrap {
  private layers: RouteLayer[] = [];

  /** The router's own layer list: routes Nest mounts later (at init) are seen too. */
  attach(expressApp: unknown): void {
    this.layers = (expressApp as { router: { stack: RouteLayer[] } }).router.stack;
  }

  /** Every route is mounted by now (Nest mounts them at init, before the bootstrap hooks). */
  onApplicationBootstrap(): void {
    prefilterRoutes(this.layers);
  }

  /** The methods some route answers on `path` (HEAD with GET, OPTIONS never), upper-case, sorted. */
  allowed(path: string): string[] {
    const methods = new Set<string>();
    for (const layer of this.layers) {
      if (!layer.route || !layer.match(path)) continue;
      for (const m of layer.route._methods(false)) methods.add(m);
    }
    return [...methods].sort();
  }
}
