import { Injectable } from '@nestjs/common';

interface RouteLayer {
  route?: { methods: Record<string, boolean>; _methods(includeAll?: boolean): string[] };
  match(path: string): unknown;
}

/**
 * Which methods the app's routes answer on a path, read from the Express router the routes were
 * mounted on (attached once at bootstrap). A request on a known path with a method no route takes
 * is then 405 with `Allow`, not a 404 (RFC 9110 15.5.6).
 */
@Injectable()
export class RouteMethods {
  private layers: RouteLayer[] = [];

  /** The router's own layer list: routes Nest mounts later (at init) are seen too. */
  attach(expressApp: unknown): void {
    this.layers = (expressApp as { router: { stack: RouteLayer[] } }).router.stack;
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
