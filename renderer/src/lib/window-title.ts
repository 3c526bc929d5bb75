/** The window's title: the organization, after the count of unread messages that are not muted. */
export function windowTitle(organization: string | undefined, total: number): string {
  const name = organization ?? 'Team Chat';
  return total > 0 ? `(${total}) ${name}` : name;
}
