import { Writable } from 'node:stream';

/** A log stream that keeps every line written to it, for a test to read in `text`. */
export class LogCapture extends Writable {
  text = '';
  _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}
