// The Create user form's checks, in the words of the person filling it in, and where a refusal
// from the server belongs: next to the field it is about, with what to change.
export interface NewUser {
  email: string;
  full_name: string;
  password: string;
}

export type NewUserField = keyof NewUser;

export function newUserProblems(user: NewUser): Partial<Record<NewUserField, string>> {
  const problems: Partial<Record<NewUserField, string>> = {};
  const email = user.email.trim();
  if (email === '') problems.email = 'Enter their email address.';
  else if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) problems.email = `“${email}” is not an email address: it should look like name@example.com.`;
  if (user.full_name.trim() === '') problems.full_name = 'Enter their full name, as others will see it.';
  if (user.password === '') problems.password = 'Choose a first password; they can change it after signing in.';
  return problems;
}

/** The server's refusal, placed by the field it names and saying what to do; `field` undefined: about the whole form. */
export function placeRefusal(message: string): { field?: NewUserField; text: string } {
  const said = message.replace(/\.?$/, '.');
  if (/not authorized to create users/i.test(message)) {
    return { text: `The server refused: ${said} Creating accounts needs a permission that only the server's administrator can grant you; until then, invite people with a reusable invitation link.` };
  }
  if (/email/i.test(message)) return { field: 'email', text: `${said} Use another email address.` };
  if (/password/i.test(message)) return { field: 'password', text: `${said} Choose another password.` };
  if (/name/i.test(message)) return { field: 'full_name', text: `${said} Change the full name.` };
  return { text: `The server refused: ${message}` };
}
