import type { DomainEvent } from '@depot/contracts';
import { EventBus, HandlerSet, type EventHandler } from './event-bus';

/** Embedded mode: one process, so the bus is a set of local handlers. */
export class InProcessEventBus extends EventBus {
  readonly kind = 'in-process' as const;
  private readonly handlers: HandlerSet;

  constructor(onError: (err: unknown, event: DomainEvent) => void) {
    super();
    this.handlers = new HandlerSet(onError);
  }

  async publish(event: DomainEvent): Promise<void> {
    this.handlers.deliver(event);
  }

  subscribe(handler: EventHandler): () => void {
    return this.handlers.add(handler);
  }

  isHealthy(): boolean {
    return true;
  }

  async close(): Promise<void> {}
}
