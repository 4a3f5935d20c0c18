/** A request the page (or someone calling the API by hand) got wrong: answered with `status` and the message. */
export class LocalInputError extends Error {
  override name = 'LocalInputError';

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
