import type { Writable } from 'node:stream';

/** Buffered writes with backpressure, so streaming a million rows keeps memory flat. */
export class OutputWriter {
  private buffer = '';

  constructor(
    private readonly stream: Writable,
    private readonly highWater = 64 * 1024,
  ) {}

  async write(text: string): Promise<void> {
    this.buffer += text;
    if (this.buffer.length >= this.highWater) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.buffer) return;
    const chunk = this.buffer;
    this.buffer = '';
    if (!this.stream.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const onDrain = () => {
          this.stream.off('error', onError);
          resolve();
        };
        const onError = (error: Error) => {
          this.stream.off('drain', onDrain);
          reject(error);
        };
        this.stream.once('drain', onDrain);
        this.stream.once('error', onError);
      });
    }
  }
}
