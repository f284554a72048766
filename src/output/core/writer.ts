import type { Writable } from 'node:stream';

/** Buffered writes with backpressure, so streaming a million rows keeps memory flat. */
export class OutputWriter {
  private buffer = '';

  constructor(
    private readonly stream: Writable,
    private readonly highWater = 64 * 1024,
    /** Around each write to the stream: a progress line on the same terminal is cleared, then drawn again. */
    private readonly around?: { before(): void; after(): void },
  ) {}

  async write(text: string): Promise<void> {
    this.buffer += text;
    if (this.buffer.length >= this.highWater) await this.flush();
  }

  /** Bytes as they are (a PDF, an archive): what is buffered goes first. */
  async writeBytes(bytes: Uint8Array): Promise<void> {
    await this.flush();
    await this.send(bytes);
  }

  async flush(): Promise<void> {
    if (!this.buffer) return;
    const chunk = this.buffer;
    this.buffer = '';
    await this.send(chunk);
  }

  private async send(chunk: string | Uint8Array): Promise<void> {
    this.around?.before();
    try {
      await this.sendNow(chunk);
    } finally {
      this.around?.after();
    }
  }

  private async sendNow(chunk: string | Uint8Array): Promise<void> {
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
