import { constants, createDeflate, type Deflate } from 'node:zlib';

/** Marks the end of one gateway message in a zlib stream (the output of a Z_SYNC_FLUSH). */
export const ZLIB_SUFFIX = Buffer.from([0x00, 0x00, 0xff, 0xff]);

export type GatewayCompression = 'zlib-stream' | null;

/**
 * Turns gateway payloads into websocket frames. With `compress=zlib-stream` (what discord.js asks
 * for when `zlib-sync` is installed) the whole connection is one deflate stream and each message is
 * flushed with Z_SYNC_FLUSH into one binary frame. Refusing it would make login() reconnect forever
 * instead of failing (pitfall P3), so the loopback speaks it.
 */
export interface GatewayFramer {
  encode(json: string): Promise<string | Buffer>;
  close(): void;
}

export function createFramer(compression: GatewayCompression): GatewayFramer {
  return compression === 'zlib-stream'
    ? new ZlibStreamFramer()
    : { encode: async (json) => json, close() {} };
}

export class ZlibStreamFramer implements GatewayFramer {
  readonly #deflate: Deflate = createDeflate();
  // Messages must come out of the shared stream in order and one at a time.
  #tail: Promise<unknown> = Promise.resolve();

  encode(json: string): Promise<Buffer> {
    const next = this.#tail.then(() => this.#encodeOne(json));
    this.#tail = next.catch(() => undefined);
    return next;
  }

  close(): void {
    this.#deflate.close();
  }

  #encodeOne(json: string): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      const onData = (chunk: Buffer) => chunks.push(chunk);
      const onError = (error: Error) => {
        cleanup();
        reject(error);
      };
      const cleanup = () => {
        this.#deflate.off('data', onData);
        this.#deflate.off('error', onError);
      };
      this.#deflate.on('data', onData);
      this.#deflate.on('error', onError);
      this.#deflate.write(json);
      this.#deflate.flush(constants.Z_SYNC_FLUSH, () => {
        cleanup();
        resolve(Buffer.concat(chunks));
      });
    });
  }
}
