import type { DomainEvent } from '@depot/contracts';

export type EventHandler = (event: DomainEvent) => void | Promise<void>;

/**
 * Publishes domain events to every subscriber in every process of this deployment.
 * Publish after the transaction that caused the event has committed.
 */
export abstract class EventBus {
  abstract publish(event: DomainEvent): Promise<void>;
  abstract subscribe(handler: EventHandler): () => void;
  abstract readonly kind: 'in-process' | 'postgres';
  /** Whether events currently flow (the LISTEN connection is up, on a server). */
  abstract isHealthy(): boolean;
  abstract close(): Promise<void>;
}

/** Delivers to local handlers asynchronously, isolating their failures from the publisher. */
export class HandlerSet {
  private readonly handlers = new Set<EventHandler>();
  constructor(private readonly onError: (err: unknown, event: DomainEvent) => void) {}

  add(handler: EventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  deliver(event: DomainEvent): void {
    for (const handler of this.handlers) {
      setImmediate(() => {
        Promise.resolve()
          .then(() => handler(event))
          .catch((err: unknown) => this.onError(err, event));
      });
    }
  }
}
