/**
 * Pictures are drawn one per turn of the event loop. Drawing is synchronous (~15 ms a picture, far more
 * on a busy machine); forty clicks at once would otherwise draw forty pictures back to back while a click
 * arriving meanwhile waits, unacknowledged, behind all of them. Between two pictures the loop reads
 * what arrived, so a new click is acknowledged after one picture at most (the load benchmark's worst ack).
 */
const waiting: (() => void)[] = [];
let pumping = false;

function pump(): void {
  pumping = true;
  // An immediate set while immediates run waits for the next turn: the loop's I/O is read in between.
  setImmediate(() => {
    waiting.shift()?.();
    if (waiting.length > 0) pump();
    else pumping = false;
  });
}

/** Resolves when it is this caller's turn to draw a picture: call right before drawing one. */
export function pictureTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!pumping) pump();
  });
}
