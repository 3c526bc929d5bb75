// Organizations may hide email addresses (reference/real/README.md): the server then names each
// user by a placeholder address (`user10@<host>`) and gives the real one, as delivery_email, only
// to those allowed to see it (administrators, the user themself). Inside, the app tells people
// apart by user ID; these rules decide which address a person is shown and may type.

export interface Addressed {
  email: string;
  delivery_email?: string | null | undefined;
}

/** The address to show: the real one when the server gives it, else the one it names them by. */
export function visibleEmail(person: Addressed): string {
  return person.delivery_email ?? person.email;
}

/** Whether the server hides this person's real address from the caller (it says so with a null delivery_email). */
export function addressHidden(person: Addressed): boolean {
  return person.delivery_email === null;
}
