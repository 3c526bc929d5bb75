/** An error meant for the user, with a code the renderer can switch on. */
export class UserFacingError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'UserFacingError';
  }
}
