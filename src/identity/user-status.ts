/** A user's status, as the users.status column holds it (migrations/). */
export type UserStatus = 'active' | 'suspended';
