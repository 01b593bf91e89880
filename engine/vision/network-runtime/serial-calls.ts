/**
 * Runs asynchronous calls one after another, in the order they were made: a network's session has one
 * input buffer, and the ball detector's frames must follow each other. A failed call does not stop the
 * ones after it.
 */
export class SerialCalls {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(call: () => Promise<T> | T): Promise<T> {
    const result = this.tail.then(call);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
