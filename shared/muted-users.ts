// A person the user muted, as the family's clients show them: their messages as from "Muted user",
// hidden until asked for, in a feed and in search results alike; their typing, and their place
// among a conversation's recent participants, not shown at all.
export const MUTED_SENDER_NAME = 'Muted user';
export const MUTED_MESSAGE_NOTE = 'Hidden: you muted the sender.';
