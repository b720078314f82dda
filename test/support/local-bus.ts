/**
 * The EventBus as the gateway's services see it, in process: handlers by type, `emit` to deliver
 * an event to them at once, `setHealthy` to tell the health listeners the bus went down or came
 * back. For unit specs of what subscribes to the bus (cast to EventBus).
 */
export class LocalBus {
  private readonly handlers = new Map<string, ((e: Record<string, unknown>) => void)[]>();
  private readonly health: ((healthy: boolean) => void)[] = [];

  on(type: string, handler: (e: Record<string, unknown>) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
    return () => undefined;
  }
  onHealthChange(listener: (healthy: boolean) => void) {
    this.health.push(listener);
    return () => undefined;
  }
  setHealthy(healthy: boolean) {
    for (const listener of this.health) listener(healthy);
  }
  emit(type: string, event: Record<string, unknown>) {
    for (const handler of this.handlers.get(type) ?? []) handler({ type, ...event });
  }
}
