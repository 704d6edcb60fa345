/**
 * The items of `items`, with a turn of the event loop every `every` items: a big sync parses a downloaded chunk of
 * thousands of lines without awaiting anything real, and every other store's sync shares its event loop.
 */
export async function* lettingOthersIn<T>(items: AsyncIterable<T>, every: number): AsyncGenerator<T> {
  let count = 0;
  for await (const item of items) {
    count += 1;
    if (count % every === 0) await new Promise(setImmediate);
    yield item;
  }
}
