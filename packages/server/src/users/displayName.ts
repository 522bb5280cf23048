/** "Firstname Lastname", or the username when both are empty. */
export function displayName(user: { firstname: string; lastname: string; username: string }): string {
  return [user.firstname, user.lastname].filter(Boolean).join(' ') || user.username;
}
