/**
 * A load's batches of COPY text as bytes, in two buffers used in turn (decision 1521): a batch is filled while the
 * one before is copied, and a buffer is filled again only after its batch was copied (the load awaits each batch
 * before it closes the next). Built as one string of ten thousand appended lines, a batch outlived the young
 * generation's collections and a hundred dead batches piled up in the old generation between its collections.
 */
export class BatchBytes {
  private readonly buffers = [Buffer.allocUnsafe(1 << 20), Buffer.allocUnsafe(1 << 20)];
  private current = 0;
  private used = 0;

  append(line: string): void {
    const buffer = this.buffers[this.current]!;
    const room = buffer.length - this.used;
    // Written whole or not at all: a line that does not fit is written again into a buffer twice as big.
    if (Buffer.byteLength(line) > room) {
      const bigger = Buffer.allocUnsafe(Math.max(buffer.length * 2, this.used + Buffer.byteLength(line)));
      buffer.copy(bigger, 0, 0, this.used);
      this.buffers[this.current] = bigger;
    }
    this.used += this.buffers[this.current]!.write(line, this.used);
  }

  /** The batch's bytes (valid until the batch after the next one is taken), and an empty batch begun. */
  take(): Buffer {
    const batch = this.buffers[this.current]!.subarray(0, this.used);
    this.current = 1 - this.current;
    this.used = 0;
    return batch;
  }
}
